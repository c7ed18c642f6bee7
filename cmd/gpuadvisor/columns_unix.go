//go:build unix

package main

import (
	"io"
	"os"

	"golang.org/x/sys/unix"
)

// ttyColumns asks the terminal behind w for its width (TIOCGWINSZ); 0 when
// w is not a terminal (a pipe, a file, a test's buffer).
func ttyColumns(w io.Writer) int {
	f, ok := w.(*os.File)
	if !ok {
		return 0
	}
	ws, err := unix.IoctlGetWinsize(int(f.Fd()), unix.TIOCGWINSZ)
	if err != nil {
		return 0
	}
	return int(ws.Col)
}
