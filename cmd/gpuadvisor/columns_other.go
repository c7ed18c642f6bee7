//go:build !unix

package main

import "io"

// ttyColumns is 0 where the terminal cannot be asked: $COLUMNS or the
// default width is used.
func ttyColumns(io.Writer) int { return 0 }
