package renewal

import (
	"strings"
	"testing"
)

func TestLocationFrom(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	for _, tc := range []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{}, "Asia/Shanghai"},
		{map[string]string{"REMINDER_TZ": "Asia/Tokyo"}, "Asia/Tokyo"},
		{map[string]string{"REMINDER_TIMEZONE": "UTC"}, "UTC"},
		{map[string]string{"REMINDER_TZ": "Asia/Tokyo", "REMINDER_TIMEZONE": "UTC"}, "Asia/Tokyo"},
	} {
		loc, err := LocationFrom(env(tc.env))
		if err != nil || loc.String() != tc.want {
			t.Errorf("LocationFrom(%v) = %v, %v; want %s", tc.env, loc, err, tc.want)
		}
	}
	if _, err := LocationFrom(env(map[string]string{"REMINDER_TZ": "Mars/Base"})); err == nil || !strings.Contains(err.Error(), "REMINDER_TZ") {
		t.Errorf("a bad zone: error %v, want one naming REMINDER_TZ", err)
	}
}
