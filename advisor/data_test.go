package advisor

import (
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
)

func TestDecodeStrict(t *testing.T) {
	type row struct {
		Name  string
		Count int
	}
	tests := []struct {
		in      string
		want    row
		wantErr string // "" when it decodes
	}{
		{`{"name": "a", "count": 2}`, row{"a", 2}, ""},
		{`{"Name": "a"}`, row{Name: "a"}, ""},
		{`{"name": "a", "cuont": 2}`, row{}, `unknown field "cuont"`},
		{`{"name": "a"} {"name": "b"}`, row{}, "more than one JSON value"},
		{`{"count": "2"}`, row{}, "cannot unmarshal string"},
		{`{"name": "a"`, row{}, "unexpected EOF"},
	}
	for _, tt := range tests {
		var got row
		err := DecodeStrict([]byte(tt.in), &got)
		switch {
		case tt.wantErr == "" && (err != nil || got != tt.want):
			t.Errorf("DecodeStrict(%s) = %+v, %v; want %+v", tt.in, got, err, tt.want)
		case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
			t.Errorf("DecodeStrict(%s) error = %v, want one containing %q", tt.in, err, tt.wantErr)
		}
	}
}

func TestDecodeNoted(t *testing.T) {
	tests := []struct {
		in      string
		want    []int
		wantErr string // "" when it decodes
	}{
		{`{"note": "test rows", "rows": [1, 2]}`, []int{1, 2}, ""},
		{`{"rows": [1]}`, nil, `"note" must say`},
		{`{"note": " ", "rows": [1]}`, nil, `"note" must say`},
		{`{"note": 3, "rows": [1]}`, nil, `"note" must say`},
		{`{"note": "n"}`, nil, `no "rows"`},
		{`{"note": "n", "rows": [1], "row": [2]}`, nil, `unknown key "row"`},
		{`{"note": "n", "rows": ["1"]}`, nil, "cannot unmarshal string"},
		{`{"note": "n", "rows": [1]} {}`, nil, "more than one JSON value"},
	}
	for _, tt := range tests {
		var got []int
		err := DecodeNoted([]byte(tt.in), "rows", &got)
		switch {
		case tt.wantErr == "" && (err != nil || !slices.Equal(got, tt.want)):
			t.Errorf("DecodeNoted(%s) = %v, %v; want %v", tt.in, got, err, tt.want)
		case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
			t.Errorf("DecodeNoted(%s) error = %v, want one containing %q", tt.in, err, tt.wantErr)
		}
	}
}

func TestLazyParsesOnce(t *testing.T) {
	calls := 0
	l := Lazy[int]{New: func() int {
		calls++
		return MustParse("n.json", []byte("7"), func(b []byte) (int, error) { return len(b) + 41, nil })
	}}
	var wg sync.WaitGroup
	got := make([]int, 8)
	for i := range got {
		wg.Go(func() { got[i] = l.Get() })
	}
	wg.Wait()
	for i, v := range got {
		if v != 42 {
			t.Errorf("Get %d = %d, want 42", i, v)
		}
	}
	if calls != 1 {
		t.Errorf("New ran %d times, want once", calls)
	}
}

func TestLazyPanicsNamingTheFileEveryTime(t *testing.T) {
	l := Lazy[int]{New: func() int {
		return MustParse("bad.json", nil, func([]byte) (int, error) { return 0, errors.New("no rows") })
	}}
	for i := range 2 {
		func() {
			defer func() {
				if r := recover(); r != "bad.json: no rows" {
					t.Errorf("Get %d recovered %v, want the file's name and the error", i, r)
				}
			}()
			l.Get()
			t.Errorf("Get %d: a file that does not parse did not panic", i)
		}()
	}
}
