package slack

import (
	"context"
	"encoding/base64"
	"io"
	"log/slog"
	"net/url"
	"slices"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"gpuadvisor/commands"
	"gpuadvisor/infra/httpbody"
	"gpuadvisor/infra/memstore"
)

// BenchmarkSlashCommand is the warm path of one /gpu command on Lambda:
// base64-decode, verify the signature, parse the form, claim the trigger_id,
// run the advisor command, render Block Kit, encode the response, log one
// line. It reports the p50 and p99 of the handler's own time per request
// (building and signing the request, Slack's side, is not timed).
func BenchmarkSlashCommand(b *testing.B) {
	router := commands.New(commands.Deps{Now: fixedNow})
	text := "billing ondemand=35 monthly=15000 hours=300"
	if _, ok := router.Lookup("billing"); !ok {
		text = "help" // before the billing capability lands
	}
	var tick atomic.Int64
	h, err := New(Deps{
		SigningSecret: testSecret,
		Router:        router,
		Poster:        NewPoster("xoxb-bench", "http://127.0.0.1:1/api/", nil), // never called on this path
		// Each claim sees the previous ones expired, so the map stays small
		// and every request is answered.
		Deduper: &memstore.Deduper{Now: func() time.Time { return testNow.Add(time.Duration(tick.Add(1)) * 3 * time.Hour) }},
		Now:     fixedNow,
		Log:     slog.New(slog.NewJSONHandler(io.Discard, nil)),
	})
	if err != nil {
		b.Fatal(err)
	}
	form, _ := url.ParseQuery(string(readFixture(b, "slash_command_zh.form")))
	form.Set("text", text)
	stamp := strconv.FormatInt(testNow.Unix(), 10)
	headers := map[string]string{
		"content-type": "application/x-www-form-urlencoded", "x-slack-request-timestamp": stamp,
		"user-agent": "Slackbot 1.0 (+https://api.slack.com/robots)", "x-forwarded-proto": "https",
	}
	ctx := context.Background()
	durs := make([]time.Duration, 0, b.N)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		form.Set("trigger_id", "bench."+strconv.Itoa(i))
		body := []byte(form.Encode())
		hdr := make(map[string]string, len(headers)+1)
		for k, v := range headers {
			hdr[k] = v
		}
		hdr["x-slack-signature"] = Sign(testSecret, stamp, body)
		ev := httpbody.Request{Version: "2.0", RawPath: "/", Headers: hdr,
			Body: base64.StdEncoding.EncodeToString(body), IsBase64Encoded: true}
		start := time.Now()
		res, _ := h.HandleLambda(ctx, ev)
		durs = append(durs, time.Since(start))
		if res.StatusCode != 200 || len(res.Body) < 100 {
			b.Fatalf("status %d body %q", res.StatusCode, res.Body)
		}
	}
	b.StopTimer()
	slices.Sort(durs)
	pct := func(p float64) float64 { return float64(durs[int(p*float64(len(durs)-1))].Microseconds()) }
	b.ReportMetric(pct(0.50), "p50-µs")
	b.ReportMetric(pct(0.99), "p99-µs")
}
