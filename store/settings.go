package store

import "context"

// TeamSettings are the choices a team makes once for every channel.
type TeamSettings struct {
	// Market is where the team rents cards: "cn" (mainland China) or
	// "global"; empty means not chosen (the language of the request decides).
	Market string `json:"market,omitempty"`
	// UpdatedBy and UpdatedAt say who chose last, and when (RFC 3339).
	UpdatedBy string `json:"updated_by,omitempty"`
	UpdatedAt string `json:"updated_at,omitempty"`
}

// Settings keeps each tenant's TeamSettings.
type Settings interface {
	// GetSettings returns the tenant's settings; a tenant that never chose
	// gets the zero TeamSettings and no error.
	GetSettings(ctx context.Context, tenant string) (TeamSettings, error)
	// PutSettings replaces the tenant's settings.
	PutSettings(ctx context.Context, tenant string, s TeamSettings) error
}
