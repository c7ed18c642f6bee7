package chat

import (
	"errors"

	"gpuadvisor/advisor"
)

// FromDomain turns an advisor error into the user's error in lang; ok is
// false for any other error (a bug, shown as an internal error).
func FromDomain(lang Lang, err error) (*Error, bool) {
	var e *advisor.Error
	if !errors.As(err, &e) {
		return nil, false
	}
	return &Error{Code: e.Code, Key: e.Key, Message: e.Message.In(string(lang)), Example: e.Example}, true
}
