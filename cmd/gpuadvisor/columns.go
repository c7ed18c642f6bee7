package main

import (
	"io"
	"strconv"
	"strings"

	"gpuadvisor/chat"
)

// columns is the width replies are wrapped to: the terminal's, when stdout
// is one (ttyColumns); else $COLUMNS; else chat.DefaultColumns (100). A
// width below 20 is not believed.
func columns(stdout io.Writer, getenv func(string) string) int {
	if n := ttyColumns(stdout); n >= 20 {
		return n
	}
	if n, err := strconv.Atoi(strings.TrimSpace(getenv("COLUMNS"))); err == nil && n >= 20 {
		return n
	}
	return chat.DefaultColumns
}
