package slack

import (
	"errors"
	"net/http"
	"strconv"
	"testing"
	"time"

	slackapi "github.com/slack-go/slack"

	"gpuadvisor/infra/httpbody"
)

// Slack's published example ("Verifying requests from Slack"), also used by
// slack-go, Bolt and several other SDKs' tests.
const (
	docSecret    = "8f742231b10e8888abcd99yyyzzz85a5"
	docTimestamp = "1531420618"
	docBody      = "token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow&channel_id=G8PSS9T3V&channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner&command=%2Fwebhook-collect&text=&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1DC2JH3J%2F397700885554%2F96rGlfmibIGlgcZRskXaIFfN&trigger_id=398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c"
	docSignature = "v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503"
)

var docTime = time.Unix(1531420618, 0)

func TestSignMatchesSlacksPublishedExample(t *testing.T) {
	if got := Sign(docSecret, docTimestamp, []byte(docBody)); got != docSignature {
		t.Fatalf("Sign(Slack's example) = %s, want %s", got, docSignature)
	}
}

func TestVerify(t *testing.T) {
	hdr := func(sig, ts string) http.Header {
		h := http.Header{}
		if sig != "" {
			h.Set(HeaderSignature, sig)
		}
		if ts != "" {
			h.Set(HeaderTimestamp, ts)
		}
		return h
	}
	tampered := []byte(docBody)
	tampered[len(tampered)-1] ^= 1
	tests := []struct {
		name   string
		secret string
		now    time.Time
		h      http.Header
		body   []byte
		want   error
	}{
		{"Slack's published example", docSecret, docTime, hdr(docSignature, docTimestamp), []byte(docBody), nil},
		{"4m59s after the timestamp", docSecret, docTime.Add(4*time.Minute + 59*time.Second), hdr(docSignature, docTimestamp), []byte(docBody), nil},
		{"exactly 5 minutes old", docSecret, docTime.Add(5 * time.Minute), hdr(docSignature, docTimestamp), []byte(docBody), nil},
		{"exactly 5 minutes ahead", docSecret, docTime.Add(-5 * time.Minute), hdr(docSignature, docTimestamp), []byte(docBody), nil},
		{"6 minutes old", docSecret, docTime.Add(6 * time.Minute), hdr(docSignature, docTimestamp), []byte(docBody), ErrStale},
		{"6 minutes ahead", docSecret, docTime.Add(-6 * time.Minute), hdr(docSignature, docTimestamp), []byte(docBody), ErrStale},
		{"tampered body (one bit)", docSecret, docTime, hdr(docSignature, docTimestamp), tampered, ErrBadSignature},
		{"body with a trailing newline", docSecret, docTime, hdr(docSignature, docTimestamp), []byte(docBody + "\n"), ErrBadSignature},
		{"wrong secret", "another-secret", docTime, hdr(docSignature, docTimestamp), []byte(docBody), ErrBadSignature},
		{"no secret configured", "", docTime, hdr(docSignature, docTimestamp), []byte(docBody), ErrNoSecret},
		{"signature header missing", docSecret, docTime, hdr("", docTimestamp), []byte(docBody), ErrMissingHeaders},
		{"timestamp header missing", docSecret, docTime, hdr(docSignature, ""), []byte(docBody), ErrMissingHeaders},
		{"both headers missing", docSecret, docTime, http.Header{}, []byte(docBody), ErrMissingHeaders},
		{"lower-case keys put straight into the map", docSecret, docTime, http.Header{"x-slack-signature": {docSignature}, "x-slack-request-timestamp": {docTimestamp}}, []byte(docBody), ErrMissingHeaders},
		{"lower-case keys copied with httpbody.Header()", docSecret, docTime, httpbody.Header(map[string]string{"x-slack-signature": docSignature, "x-slack-request-timestamp": docTimestamp}), []byte(docBody), nil},
		{"timestamp not a number", docSecret, docTime, hdr(docSignature, "yesterday"), []byte(docBody), ErrBadTimestamp},
		{"signature without v0=", docSecret, docTime, hdr(docSignature[3:], docTimestamp), []byte(docBody), ErrBadSignature},
		{"v1 signature", docSecret, docTime, hdr("v1="+docSignature[3:], docTimestamp), []byte(docBody), ErrBadSignature},
		{"signature not hex", docSecret, docTime, hdr("v0=zz"+docSignature[5:], docTimestamp), []byte(docBody), ErrBadSignature},
		{"signature too short", docSecret, docTime, hdr(docSignature[:40], docTimestamp), []byte(docBody), ErrBadSignature},
		{"signature of another timestamp", docSecret, docTime, hdr(Sign(docSecret, "1531420619", []byte(docBody)), docTimestamp), []byte(docBody), ErrBadSignature},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := Verifier{Secret: tc.secret, Now: func() time.Time { return tc.now }}
			if got := v.Verify(tc.h, tc.body); !errors.Is(got, tc.want) {
				t.Errorf("Verify(%s) = %v, want %v", tc.name, got, tc.want)
			}
		})
	}
}

// Our verifier and slack-go's agree on a fresh request (slack-go reads the
// real clock, so it cannot check the 2018 example).
func TestVerifyAgreesWithSlackGo(t *testing.T) {
	now := time.Now()
	ts := strconv.FormatInt(now.Unix(), 10)
	for _, body := range []string{docBody, `{"type":"event_callback"}`, "text=%E8%AE%A1%E8%B4%B9", ""} {
		for _, sig := range []string{Sign(docSecret, ts, []byte(body)), Sign("x", ts, []byte(body))} {
			h := http.Header{}
			h.Set(HeaderSignature, sig)
			h.Set(HeaderTimestamp, ts)
			ours := Verifier{Secret: docSecret, Now: func() time.Time { return now }}.Verify(h, []byte(body))
			sv, err := slackapi.NewSecretsVerifier(h, docSecret)
			if err != nil {
				t.Fatal(err)
			}
			sv.Write([]byte(body))
			theirs := sv.Ensure()
			if (ours == nil) != (theirs == nil) {
				t.Errorf("body %q sig %s: ours %v, slack-go %v", body, sig, ours, theirs)
			}
		}
	}
}
