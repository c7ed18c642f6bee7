package renewal

import (
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestPlan: what a team receives of each reminder, on the edge days of its
// notice deadline: a day already passed is never "to come"; the newest one
// passed is caught up by the next run, the older ones are folded into it;
// one delivered for the cycle is sent, and so are those before it.
func TestPlan(t *testing.T) {
	today := d("2027-01-01")
	// renewsIn is a monthly contract with 30 days' notice whose deadline is
	// in days from today.
	renewsIn := func(days int) Renewal {
		return Renewal{Vendor: "酷算云", Cards: 8, Mode: Monthly, Price: 15000, NoticeDays: 30, Renews: today.AddDays(days + 30)}
	}
	sent := func(r Renewal, offset int) Renewal {
		r.LastDelivery = &Delivery{At: time.Date(2026, 12, 31, 1, 0, 0, 0, time.UTC), Cycle: r.CycleOn(today).Renews, Offset: offset, Via: ViaChannel}
		return r
	}
	for _, tt := range []struct {
		name     string
		r        Renewal
		deadline string
		want     string // offset:status[>into] for 30, 14, 7, 1
	}{
		{"deadline in 31 days: all ahead", renewsIn(31), "2027-02-01", "30:scheduled 14:scheduled 7:scheduled 1:scheduled"},
		{"deadline in 30 days: the 30-day one today", renewsIn(30), "2027-01-31", "30:due 14:scheduled 7:scheduled 1:scheduled"},
		{"deadline in 29 days: the 30-day one caught up", renewsIn(29), "2027-01-30", "30:catch_up 14:scheduled 7:scheduled 1:scheduled"},
		{"deadline today: the 1-day one caught up, the rest folded into it", renewsIn(0), "2027-01-01", "30:folded>1 14:folded>1 7:folded>1 1:catch_up"},
		{"deadline yesterday: the next cycle's 30-day day passed too", renewsIn(-1), "2027-01-29", "30:catch_up 14:scheduled 7:scheduled 1:scheduled"}, // renews 2027-02-28
		{"deadline today, the 1-day one sent", sent(renewsIn(0), 1), "2027-01-01", "30:folded>1 14:folded>1 7:folded>1 1:sent"},
		{"the 30-day one sent, the 14-day one today", sent(renewsIn(14), 30), "2027-01-15", "30:sent 14:due 7:scheduled 1:scheduled"},
		{"a failed delivery is not sent", func() Renewal { r := sent(renewsIn(29), 30); r.LastDelivery.Via = ViaFailed; return r }(), "2027-01-30",
			"30:catch_up 14:scheduled 7:scheduled 1:scheduled"},
		{"another cycle's delivery does not count", func() Renewal { r := sent(renewsIn(29), 30); r.LastDelivery.Cycle = d("2026-12-30"); return r }(), "2027-01-30",
			"30:catch_up 14:scheduled 7:scheduled 1:scheduled"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c, ps := tt.r.Plan(today)
			var got []string
			for _, p := range ps {
				s := p.Status
				if p.Into > 0 {
					s += ">" + strconv.Itoa(p.Into)
				}
				got = append(got, strconv.Itoa(p.Offset)+":"+s)
				if !p.Date.After(today) && p.Status == PlanScheduled {
					t.Errorf("%d-day reminder of %s is scheduled on a day not ahead", p.Offset, p.Date)
				}
			}
			if c.Deadline.String() != tt.deadline || strings.Join(got, " ") != tt.want {
				t.Errorf("got deadline %s, %s; want %s, %s", c.Deadline, strings.Join(got, " "), tt.deadline, tt.want)
			}
		})
	}
}
