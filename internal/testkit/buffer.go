package testkit

import (
	"bytes"
	"encoding/json"
	"strings"
	"sync"
)

// SyncBuffer is a bytes.Buffer safe for concurrent writes and reads: a log
// handler's output read by a test while the code under test still logs.
type SyncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

// Write implements io.Writer.
func (s *SyncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

// String returns everything written so far.
func (s *SyncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// Count returns how many JSON log lines (slog.JSONHandler) are at level and
// have a message containing sub.
func (s *SyncBuffer) Count(level, sub string) int {
	n := 0
	for _, line := range strings.Split(s.String(), "\n") {
		var rec struct {
			Level string `json:"level"`
			Msg   string `json:"msg"`
		}
		if json.Unmarshal([]byte(line), &rec) == nil && rec.Level == level && strings.Contains(rec.Msg, sub) {
			n++
		}
	}
	return n
}
