package chat

import "fmt"

// Error codes, translated once at the edge into a message or "internal error".
const (
	CodeInvalid     = "invalid_input"
	CodeNotFound    = "not_found"
	CodeConflict    = "conflict"
	CodeUnavailable = "unavailable"
	CodeInternal    = "internal"
)

// Error is what a user sees when a command cannot be answered: which key was
// wrong, what is accepted, and an example that works. Message is already in the
// user's language.
type Error struct {
	Code    string `json:"code"`
	Key     string `json:"key,omitempty"`
	Message string `json:"message"`
	Example string `json:"example,omitempty"`
}

func (e *Error) Error() string {
	if e.Key != "" {
		return fmt.Sprintf("%s: %s: %s", e.Code, e.Key, e.Message)
	}
	return fmt.Sprintf("%s: %s", e.Code, e.Message)
}

// Invalid builds an invalid_input error naming key, in lang.
func Invalid(lang Lang, key, en, zh, example string) *Error {
	return &Error{Code: CodeInvalid, Key: key, Message: T(lang, en, zh), Example: example}
}

// Invalidf is Invalid with the same format arguments applied to both wordings.
func Invalidf(lang Lang, key, example, en, zh string, args ...any) *Error {
	return &Error{Code: CodeInvalid, Key: key, Message: fmt.Sprintf(T(lang, en, zh), args...), Example: example}
}
