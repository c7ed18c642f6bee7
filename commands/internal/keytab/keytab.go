// Package keytab holds, as data, the keys people type to each command: names,
// Chinese aliases, kinds, examples and what each means (one file a command,
// <command>.json, read by chat.ParseKeys). Every word a user may type for a
// key is in this folder.
package keytab

import (
	"embed"

	"gpuadvisor/chat"
)

//go:embed *.json
var files embed.FS

// Of returns the key tables of command, by table name. A missing or broken
// file is a build mistake: it panics when the command's package loads, and
// this package's test reads every file.
func Of(command string) map[string][]chat.Key {
	b, err := files.ReadFile(command + ".json")
	if err != nil {
		panic(err)
	}
	return chat.MustKeys(b)
}
