// Package keytab holds, as data, the keys people type to each command: names,
// Chinese aliases, kinds, examples and what each means (one file a command,
// <command>.json, in chat.ParseKeys's format). Every word a user may type for
// a key is in this folder.
//
// The functions do not decode the JSON when they start, nor build anything:
// tables_gen.go holds the same tables as static Go data, one exported slice
// a table (RenewalAdd is renewal.json's "add"; commands use them directly, so
// that no command package copies one at start), generated from the files by
// this package's test (go test ./commands/internal/keytab -update), which
// fails when the two differ. The slices are shared: copy one before changing
// it.
package keytab

import (
	"fmt"

	"gpuadvisor/chat"
)

// table is one named key table of a command (a sub-command's keys).
type table struct {
	command, name string
	keys          []chat.Key
}

// Of returns the key tables of command, by table name. A command without a
// file is a build mistake: it panics.
func Of(command string) map[string][]chat.Key {
	out := map[string][]chat.Key{}
	for i := range tables {
		if tables[i].command == command {
			out[tables[i].name] = tables[i].keys
		}
	}
	if len(out) == 0 {
		panic(fmt.Sprintf("keytab: no key tables for %q (commands/internal/keytab/%s.json)", command, command))
	}
	return out
}
