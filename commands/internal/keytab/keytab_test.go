package keytab

import (
	"io/fs"
	"os"
	"strings"
	"testing"

	"gpuadvisor/chat"
)

// files are the JSON key tables, read from this folder.
var files = os.DirFS(".")

// Every file parses, every key has an example and help in both languages,
// and no alias stands for two keys of one table.
func TestEveryFile(t *testing.T) {
	names, err := fs.Glob(files, "*.json")
	if err != nil || len(names) < 7 {
		t.Fatalf("key files %v, %v; want one a command", names, err)
	}
	for _, name := range names {
		b, _ := fs.ReadFile(files, name)
		tables, err := chat.ParseKeys(b)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		for table, ks := range tables {
			seen := map[string]string{}
			for _, k := range ks {
				if k.Example == "" || k.Help.EN == "" || k.Help.ZH == "" {
					t.Errorf("%s %s: key %s lacks an example or help in a language", name, table, k.Name)
				}
				for _, w := range append([]string{k.Name}, k.Aliases...) {
					w = strings.ToLower(w)
					if other, dup := seen[w]; dup && other != k.Name {
						t.Errorf("%s %s: %q stands for %s and %s", name, table, w, other, k.Name)
					}
					seen[w] = k.Name
				}
			}
		}
	}
	if ks := Of("billing")["keys"]; len(ks) == 0 || ks[0].Name != "ondemand" || ks[0].Kind != chat.Money {
		t.Errorf(`Of("billing") = %+v, want ondemand (money) first`, ks)
	}
}
