package testkit

import (
	"context"
	"errors"

	"gpuadvisor/advisor/renewal"
	"gpuadvisor/store"
)

// ErrDown is what every call of DownRenewals returns: the kind of detail
// that must never reach the user.
var ErrDown = errors.New("connection refused")

// DownRenewals is a renewal store that fails every call, like one that is
// down.
type DownRenewals struct{}

var _ store.Renewals = DownRenewals{}

func (DownRenewals) CreateRenewal(context.Context, renewal.Renewal) error { return ErrDown }

func (DownRenewals) GetRenewal(context.Context, store.Scope, string) (renewal.Renewal, error) {
	return renewal.Renewal{}, ErrDown
}

func (DownRenewals) ListRenewals(context.Context, store.Scope) ([]renewal.Renewal, error) {
	return nil, ErrDown
}

func (DownRenewals) DeleteRenewal(context.Context, store.Scope, string) error { return ErrDown }

func (DownRenewals) SetUsage(context.Context, store.Scope, string, []float64, float64) (renewal.Renewal, error) {
	return renewal.Renewal{}, ErrDown
}

func (DownRenewals) DueRenewals(context.Context, renewal.Date, renewal.Date) ([]renewal.Renewal, error) {
	return nil, ErrDown
}

func (DownRenewals) SetNextCheck(context.Context, string, string, renewal.Date) error { return ErrDown }

func (DownRenewals) SetDelivery(context.Context, string, string, renewal.Delivery) error {
	return ErrDown
}
