package slack

import (
	"strconv"
	"strings"
	"testing"
)

// Odd but possible requests, each signed with the test secret unless the row
// says otherwise: what is Slack's still works, what is not is refused with
// no work done.
func TestOddRequests(t *testing.T) {
	slash := readFixture(t, "slash_command_zh.form")
	ts := strconv.FormatInt(testNow.Unix(), 10)
	tests := []struct {
		name    string
		body    []byte
		headers map[string]string // replaces the signed defaults; "" deletes
		status  int
		runs    int64
	}{
		{"form with a charset", slash, map[string]string{"content-type": "application/x-www-form-urlencoded; charset=utf-8"}, 200, 1},
		{"content type repeated, joined by a comma", slash, map[string]string{"content-type": "application/x-www-form-urlencoded,application/x-www-form-urlencoded"}, 200, 1},
		{"no content type", slash, map[string]string{"content-type": ""}, 200, 1},
		{"slash command sent as application/json", slash, map[string]string{"content-type": "application/json"}, 400, 0},
		{"retry headers on a slash command: answered once, normally", slash, map[string]string{"x-slack-retry-num": "1", "x-slack-retry-reason": "http_timeout"}, 200, 1},
		{"signature in upper-case hex (the same bytes)", slash, map[string]string{"x-slack-signature": "v0=" + strings.ToUpper(Sign(testSecret, ts, slash)[3:])}, 200, 1},
		{"V0= prefix", slash, map[string]string{"x-slack-signature": "V0=" + Sign(testSecret, ts, slash)[3:]}, 401, 0},
		{"two signatures joined by a comma", slash, map[string]string{"x-slack-signature": Sign(testSecret, ts, slash) + "," + Sign(testSecret, ts, slash)}, 401, 0},
		{"timestamp in milliseconds", slash, map[string]string{"x-slack-request-timestamp": ts + "000", "x-slack-signature": Sign(testSecret, ts+"000", slash)}, 401, 0},
		{"timestamp beyond int64", slash, map[string]string{"x-slack-request-timestamp": "99999999999999999999", "x-slack-signature": Sign(testSecret, "99999999999999999999", slash)}, 401, 0},
		{"timestamp with letters", slash, map[string]string{"x-slack-request-timestamp": ts + "s", "x-slack-signature": Sign(testSecret, ts+"s", slash)}, 401, 0},
		{"empty body", nil, map[string]string{"x-slack-signature": Sign(testSecret, ts, nil)}, 400, 0},
		{"JSON array", []byte(`[{"type":"url_verification"}]`), map[string]string{"content-type": "application/json", "x-slack-signature": Sign(testSecret, ts, []byte(`[{"type":"url_verification"}]`))}, 400, 0},
		{"invalid JSON", []byte(`{"type":`), map[string]string{"content-type": "application/json", "x-slack-signature": Sign(testSecret, ts, []byte(`{"type":`))}, 400, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, nil)
			ev := event(t, tc.body, testNow, true, tc.headers)
			res := invoke(t, f.h, ev)
			if res.StatusCode != tc.status || f.runs.Load() != tc.runs {
				t.Errorf("%s: status %d, %d commands run; want %d and %d (%q)", tc.name, res.StatusCode, f.runs.Load(), tc.status, tc.runs, res.Body)
			}
		})
	}
}
