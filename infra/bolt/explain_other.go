//go:build !unix

package bolt

import "io/fs"

func freeBytes(string) int64     { return -1 }
func ownerOf(fs.FileInfo) string { return "" }
func holder(string) string       { return "" }
