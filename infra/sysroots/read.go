//go:build !(lambda.norpc && linux)

package sysroots

import "os"

// readBundle reads a bundle file whole.
func readBundle(name string) ([]byte, error) { return os.ReadFile(name) }
