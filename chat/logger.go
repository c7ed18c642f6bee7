package chat

import "log/slog"

// LoggerOr is l, or slog.Default() when a command was given none.
func LoggerOr(l *slog.Logger) *slog.Logger {
	if l != nil {
		return l
	}
	return slog.Default()
}
