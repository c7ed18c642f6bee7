package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"strings"
	"testing"
)

func TestFlagErrorsInJSON(t *testing.T) {
	for _, tc := range []struct {
		argv []string
		key  string
	}{
		{[]string{"--json", "--lang", "xx", "billing"}, "--lang"},
		{[]string{"--json", "--file", "/no/such/file", "quote"}, "--file"},
		{[]string{"billing", "--json", "--db"}, "--db"},
	} {
		var out, errOut bytes.Buffer
		code := run(tc.argv, &out, &errOut)
		var v struct {
			Error struct{ Code, Key, Message, Example string }
		}
		if err := json.Unmarshal(out.Bytes(), &v); err != nil {
			t.Fatalf("%v: stdout %q is not JSON: %v", tc.argv, out.String(), err)
		}
		if code != 2 || v.Error.Code != "invalid_input" || v.Error.Key != tc.key || v.Error.Example == "" {
			t.Errorf("%v: exit %d, error %+v; want 2, invalid_input on %s with an example", tc.argv, code, v.Error, tc.key)
		}
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"--lang", "xx", "billing"}, &out, &errOut); code != 2 || !strings.Contains(errOut.String(), "--lang") {
		t.Errorf("without --json: exit %d, stderr %q; want 2 and a line naming --lang", code, errOut.String())
	}
}

// run is Main with the process environment, as main calls it.
func run(argv []string, stdout, stderr io.Writer) int { return Main(argv, stdout, stderr, os.Getenv) }
