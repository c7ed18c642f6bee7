package testkit

import "testing"

// Cases checks a function of one argument against a table: f(in) must be
// want for every entry of cases. name is f's name in the failure messages.
func Cases[In, Out comparable](t testing.TB, name string, f func(In) Out, cases map[In]Out) {
	t.Helper()
	for in, want := range cases {
		if got := f(in); got != want {
			t.Errorf("%s(%#v) = %#v, want %#v", name, in, got, want)
		}
	}
}
