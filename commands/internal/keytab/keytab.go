// Package keytab holds, as data, the keys people type to each command: names,
// Chinese aliases, kinds, examples and what each means (one file a command,
// <command>.json, in chat.ParseKeys's format). Every word a user may type for
// a key is in this folder.
//
// The functions do not decode the JSON when they start: tables_gen.go holds
// the same tables as Go, generated from the files by this package's test
// (go test ./commands/internal/keytab -update), which fails when the two
// differ.
package keytab

import (
	"fmt"

	"gpuadvisor/chat"
)

// Of returns the key tables of command, by table name. A command without a
// file is a build mistake: it panics when the command's package loads.
func Of(command string) map[string][]chat.Key {
	build, ok := generated[command]
	if !ok {
		panic(fmt.Sprintf("keytab: no key tables for %q (commands/internal/keytab/%s.json)", command, command))
	}
	return build()
}
