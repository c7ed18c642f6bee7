package advisor

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// DecodeStrict decodes one JSON document into v and refuses a key v has no
// field for, and anything after the document: in an embedded data file a
// misspelt key is an error, not a silently empty field.
func DecodeStrict(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return fmt.Errorf("more than one JSON value")
	}
	return nil
}

// DecodeNoted decodes an embedded data file of one list, {"note": "...",
// key: [...]}, putting the list into v: the note (what the data is and where
// it comes from) is required, and no other key is allowed.
func DecodeNoted(b []byte, key string, v any) error {
	var f map[string]json.RawMessage
	if err := DecodeStrict(b, &f); err != nil {
		return err
	}
	var note string
	if err := json.Unmarshal(f["note"], &note); err != nil || strings.TrimSpace(note) == "" {
		return fmt.Errorf(`"note" must say what the data is and where it comes from`)
	}
	for k := range f {
		if k != "note" && k != key {
			return fmt.Errorf("unknown key %q: the file holds %q and %q", k, "note", key)
		}
	}
	if _, ok := f[key]; !ok {
		return fmt.Errorf("no %q", key)
	}
	return DecodeStrict(f[key], v)
}

// MustParse parses an embedded data file; a file that does not parse is a
// defect of the build, so it panics, naming the file. Write a package's
// parsed file as a Lazy whose New calls it, to parse on first use.
func MustParse[T any](name string, b []byte, parse func([]byte) (T, error)) T {
	v, err := parse(b)
	if err != nil {
		panic(name + ": " + err.Error())
	}
	return v
}
