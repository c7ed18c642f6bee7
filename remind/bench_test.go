package remind_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	rules "gpuadvisor/advisor/renewal"
	"gpuadvisor/chat"
	"gpuadvisor/infra/dynamo"
	"gpuadvisor/infra/dynamo/dynamotest"
	"gpuadvisor/remind"
)

// countPoster counts posts and sends nothing.
type countPoster struct {
	mu sync.Mutex
	n  int
}

func (p *countPoster) Post(context.Context, chat.Target, chat.Reply) error {
	p.mu.Lock()
	p.n++
	p.mu.Unlock()
	return nil
}

// seedTeams stores teams × perTeam renewals. With allDue every one has a
// reminder due on today; otherwise their renewal dates spread over a year,
// as a real table's would.
func seedTeams(b *testing.B, st *dynamo.Store, teams, perTeam int, today rules.Date, allDue bool) {
	b.Helper()
	type job struct{ team, i int }
	jobs := make(chan job)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var firstErr error
	for range 16 {
		wg.Go(func() {
			for j := range jobs {
				r := rules.Renewal{
					ID: fmt.Sprintf("r%04d", j.i), Tenant: fmt.Sprintf("feishu:team%03d", j.team), Platform: "feishu",
					Channel: fmt.Sprintf("oc_%03d", j.team), Lang: "zh", Vendor: "酷算云", GPU: "A100-80G", Cards: 8,
					Mode: rules.Monthly, Price: 15000, OnDemand: 35, Usage: []float64{310}, NoticeDays: 30,
				}
				if allDue {
					r.Renews = today.AddDays(30 + 30) // the 30-day reminder is due today
				} else {
					r.Renews = today.AddDays(31 + (j.team*perTeam+j.i)%365)
				}
				r.NextCheck = r.FirstCheck(today)
				if err := st.CreateRenewal(context.Background(), r); err != nil {
					mu.Lock()
					firstErr = err
					mu.Unlock()
				}
			}
		})
	}
	for team := range teams {
		for i := range perTeam {
			jobs <- job{team, i}
		}
	}
	close(jobs)
	wg.Wait()
	if firstErr != nil {
		b.Fatal(firstErr)
	}
}

// BenchmarkRun is a reminder run over 10,000 stored renewals of 100 teams
// against dynalite. It reports the run's time and the read and write
// capacity units DynamoDB said it consumed (ReturnConsumedCapacity).
func BenchmarkRun(b *testing.B) {
	for _, tc := range []struct {
		name   string
		allDue bool
	}{{"spread_over_a_year", false}, {"all_due_today", true}} {
		b.Run(tc.name, func(b *testing.B) {
			today := date("2027-01-15")
			now := at("2027-01-15")
			for range b.N {
				b.StopTimer()
				st := dynamotest.NewStore(b, dynamo.Options{})
				seedTeams(b, st, 100, 100, today, tc.allDue)
				r0, w0 := st.Capacity()
				p := &countPoster{}
				e := &remind.Engine{Store: st, Posters: map[string]chat.Poster{"feishu": p}, Now: func() time.Time { return now }, Log: quiet, Concurrency: 16}
				b.StartTimer()
				start := time.Now()
				res, err := e.Run(context.Background())
				took := time.Since(start)
				b.StopTimer()
				if err != nil || len(res.Failed) > 0 {
					b.Fatalf("run: %v, %d failed", err, len(res.Failed))
				}
				r1, w1 := st.Capacity()
				if tc.allDue && p.n != 10000 {
					b.Fatalf("sent %d, want 10000", p.n)
				}
				b.ReportMetric(float64(took.Milliseconds()), "ms/run")
				b.ReportMetric(r1-r0, "RCU/run")
				b.ReportMetric(w1-w0, "WCU/run")
				b.ReportMetric(float64(p.n), "sent/run")
				b.Logf("%s: 10,000 renewals of 100 teams: checked %d, sent %d in %v; consumed %.1f read units, %.1f write units",
					tc.name, res.Checked, p.n, took.Round(time.Millisecond), r1-r0, w1-w0)
				b.StartTimer()
			}
		})
	}
}
