package serve

import "testing"

// The start-up line names each platform's ways in.
func TestDescribePlatforms(t *testing.T) {
	rows := []struct {
		name string
		got  string
		want string
	}{
		{"slack off", slackSettings{}.describe(), "off (no SLACK_* variables)"},
		{"slack HTTP verified and Socket Mode", slackSettings{On: true, HTTP: true, Verified: true, Socket: true}.describe(),
			"on: HTTP /slack/* (signed requests only), Socket Mode"},
		{"slack HTTP unverified", slackSettings{On: true, HTTP: true}.describe(), "on: HTTP /slack/* (UNVERIFIED, --insecure-dev)"},
		{"slack Socket Mode only", slackSettings{On: true, Socket: true}.describe(), "on: Socket Mode"},
		{"feishu off", feishuSettings{}.describe(), "off (no FEISHU_* variables)"},
		{"feishu HTTP verified", feishuSettings{On: true, HTTP: true, Verified: true}.describe(),
			"on: HTTP /feishu/* (token, signature and encryption checked)"},
		{"feishu HTTP unverified and long connection", feishuSettings{On: true, HTTP: true, WS: true}.describe(),
			"on: HTTP /feishu/* (UNVERIFIED plaintext, --insecure-dev), long connection"},
	}
	for _, r := range rows {
		if r.got != r.want {
			t.Errorf("%s: got %q, want %q", r.name, r.got, r.want)
		}
	}
}
