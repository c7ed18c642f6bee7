package advisor

// Error codes shared by every advisor package; the chat layer passes them on
// unchanged in {"error":{"code","key","message","example"}}.
const (
	// CodeInvalid is input the rules cannot use: missing, out of range,
	// contradictory.
	CodeInvalid = "invalid_input"
)

// Error is an input the rules cannot use: which key, why (in both
// languages), and an example that works.
type Error struct {
	Code    string `json:"code"`
	Key     string `json:"key"`
	Message Text   `json:"message"`
	Example string `json:"example,omitempty"`
}

// Error is the English wording, for logs.
func (e *Error) Error() string { return e.Code + ": " + e.Key + ": " + e.Message.EN }

// Invalid builds an invalid_input error about key.
func Invalid(key, example string, msg Text) *Error {
	return &Error{Code: CodeInvalid, Key: key, Message: msg, Example: example}
}

// Invalidf formats the same arguments into both wordings of an
// invalid_input error about key.
func Invalidf(key, example, en, zh string, args ...any) *Error {
	return Invalid(key, example, Textf(en, zh, args...))
}
