package renewal

import (
	"fmt"
	"strings"
	"testing"
)

// kusuan is the brief's example: 8 × A100-80G, monthly ¥15,000 per card,
// renews 2027-03-01 with 30 days' notice, so the deadline is 2027-01-30.
func kusuan() Renewal {
	return Renewal{Vendor: "酷算云", GPU: "A100-80G", Cards: 8, Mode: Monthly, Price: 15000,
		Renews: d("2027-03-01"), NoticeDays: 30}
}

func TestDeadlineIsRenewalMinusNotice(t *testing.T) {
	tests := []struct {
		name   string
		renews string
		notice int
		want   string
	}{
		{"30 days before 2027-03-01", "2027-03-01", 30, "2027-01-30"},
		{"no notice: the renewal day itself", "2027-03-01", 0, "2027-03-01"},
		{"across a leap day", "2028-03-01", 1, "2028-02-29"},
		{"across a year end", "2027-01-10", 14, "2026-12-27"},
	}
	for _, tt := range tests {
		r := Renewal{Renews: d(tt.renews), NoticeDays: tt.notice, Mode: Monthly}
		if got := r.Deadline(); got.String() != tt.want {
			t.Errorf("%s: renews=%s notice=%dd: got %s, want %s", tt.name, tt.renews, tt.notice, got, tt.want)
		}
	}
}

func TestDue(t *testing.T) {
	tests := []struct {
		name       string
		today      string
		wantOK     bool
		wantOffset int
		wantCycle  string // the cycle's renewal date
		wantLate   bool
		wantLeft   int
	}{
		{"a day before the first reminder: nothing", "2026-12-30", false, 0, "", false, 0},
		{"30 days before the deadline", "2026-12-31", true, 30, "2027-03-01", false, 30},
		{"the 30-day reminder caught up a day late", "2027-01-01", true, 30, "2027-03-01", true, 29},
		{"14 days before the deadline", "2027-01-16", true, 14, "2027-03-01", false, 14},
		{"7 days before", "2027-01-23", true, 7, "2027-03-01", false, 7},
		{"1 day before", "2027-01-29", true, 1, "2027-03-01", false, 1},
		{"the deadline day: the 1-day reminder caught up", "2027-01-30", true, 1, "2027-03-01", true, 0},
		{"after the deadline: the next cycle's 30-day reminder", "2027-01-31", true, 30, "2027-04-01", false, 30},
		{"a year later: that cycle's 14-day reminder", "2028-01-17", true, 14, "2028-03-01", false, 14},
	}
	r := kusuan()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rem, ok := r.Due(d(tt.today))
			if ok != tt.wantOK {
				t.Fatalf("Due(%s) ok = %v, want %v (%+v)", tt.today, ok, tt.wantOK, rem)
			}
			if !ok {
				return
			}
			if rem.Offset != tt.wantOffset || rem.Cycle.Renews.String() != tt.wantCycle || rem.Late != tt.wantLate || rem.DaysLeft != tt.wantLeft {
				t.Errorf("Due(%s) = offset %d cycle %s late %v left %d; want offset %d cycle %s late %v left %d",
					tt.today, rem.Offset, rem.Cycle.Renews, rem.Late, rem.DaysLeft, tt.wantOffset, tt.wantCycle, tt.wantLate, tt.wantLeft)
			}
		})
	}
}

func TestTermSetsTheNextCycle(t *testing.T) {
	r := kusuan()
	r.TermMonths = 3
	if c := r.CycleOn(d("2027-02-01")); c.Renews.String() != "2027-06-01" || c.Deadline.String() != "2027-05-02" {
		t.Errorf("term=3m, after the first deadline: got cycle %s deadline %s, want 2027-06-01 deadline 2027-05-02", c.Renews, c.Deadline)
	}
	r = kusuan()
	r.Mode, r.NoticeDays = Yearly, 60
	if c := r.CycleOn(d("2027-06-01")); c.Renews.String() != "2028-03-01" {
		t.Errorf("yearly: got next cycle %s, want 2028-03-01", c.Renews)
	}
}

// runDaily plays the reminder engine over days [from, to]: on each day it
// runs (skip says which days the schedule did not fire), it looks at the
// renewal when its index day has come, sends the due reminder unless already
// sent, and moves the index to NextCheckAfter. It returns what was sent, in order.
func runDaily(r Renewal, from, to Date, skip func(Date) bool) []string {
	sent := map[string]bool{}
	var order []string
	index := r.FirstCheck(from)
	for day := from; !day.After(to); day = day.AddDays(1) {
		if skip(day) || index.IsZero() || index.After(day) {
			continue
		}
		if rem, ok := r.Due(day); ok {
			key := fmt.Sprintf("%s/%d", rem.Cycle.Renews, rem.Offset)
			if !sent[key] {
				sent[key] = true
				order = append(order, key+"@"+day.String())
			}
		}
		index, _ = r.NextCheckAfter(day)
	}
	return order
}

func TestDailyRunsSendEachReminderOnceOnItsDay(t *testing.T) {
	got := runDaily(kusuan(), d("2026-12-01"), d("2027-02-16"), func(Date) bool { return false })
	want := []string{
		"2027-03-01/30@2026-12-31", "2027-03-01/14@2027-01-16", "2027-03-01/7@2027-01-23", "2027-03-01/1@2027-01-29",
		"2027-04-01/30@2027-01-31", "2027-04-01/14@2027-02-16",
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("daily runs sent\n%v\nwant\n%v", got, want)
	}
}

func TestMissedDaysAreCaughtUpNotSkipped(t *testing.T) {
	missed := map[string]bool{"2026-12-31": true, "2027-01-16": true, "2027-01-17": true, "2027-01-29": true}
	got := runDaily(kusuan(), d("2026-12-01"), d("2027-01-30"), func(day Date) bool { return missed[day.String()] })
	want := []string{"2027-03-01/30@2027-01-01", "2027-03-01/14@2027-01-18", "2027-03-01/7@2027-01-23", "2027-03-01/1@2027-01-30"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("with days missed, runs sent\n%v\nwant\n%v", got, want)
	}
}

func TestIndexMatchesADailyScan(t *testing.T) {
	// Whatever the offsets, term and notice, following the index must send
	// exactly what checking every renewal every day sends.
	cases := []Renewal{kusuan()}
	for _, notice := range []int{0, 1, 29, 30} {
		for _, offs := range [][]int{nil, {0}, {60, 2}, {45, 30, 0}} {
			for _, term := range []int{0, 1, 3, 12} {
				r := kusuan()
				r.NoticeDays, r.Offsets, r.TermMonths = notice, offs, term
				cases = append(cases, r)
			}
		}
	}
	for _, r := range cases {
		from, to := d("2026-10-01"), d("2028-06-01")
		got := runDaily(r, from, to, func(Date) bool { return false })
		sent := map[string]bool{}
		var want []string
		for day := from; !day.After(to); day = day.AddDays(1) {
			if rem, ok := r.Due(day); ok {
				key := fmt.Sprintf("%s/%d", rem.Cycle.Renews, rem.Offset)
				if !sent[key] {
					sent[key] = true
					want = append(want, key+"@"+day.String())
				}
			}
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("notice=%d remind=%v term=%d: index sent\n%v\ndaily scan sent\n%v", r.NoticeDays, r.Offsets, r.TermMonths, got, want)
		}
	}
}

func TestFirstCheck(t *testing.T) {
	r := kusuan()
	if got := r.FirstCheck(d("2026-11-01")); got.String() != "2026-12-31" {
		t.Errorf("stored two months ahead: first check %s, want the 30-day reminder's day 2026-12-31", got)
	}
	if got := r.FirstCheck(d("2027-01-20")); got.String() != "2027-01-20" {
		t.Errorf("stored 10 days before the deadline: first check %s, want today (the 14-day reminder is caught up)", got)
	}
}

func TestSchedule(t *testing.T) {
	c, rems := kusuan().Schedule(d("2027-01-01"))
	if c.Deadline.String() != "2027-01-30" || len(rems) != 4 {
		t.Fatalf("Schedule: deadline %s, %d reminders; want 2027-01-30, 4", c.Deadline, len(rems))
	}
	var days []string
	for _, r := range rems {
		days = append(days, r.Date.String())
	}
	if want := "[2026-12-31 2027-01-16 2027-01-23 2027-01-29]"; fmt.Sprint(days) != want {
		t.Errorf("reminder days %v, want %s", days, want)
	}
}

// TestNoticeOn: a deadline that passed before a renewal that is still ahead
// is reported with what the renewal commits to; the reminders are for the
// next cycle; once the renewal has happened, it is an ordinary cycle again.
func TestNoticeOn(t *testing.T) {
	r := Renewal{Vendor: "蓝耘", Cards: 8, Mode: Monthly, Price: 42000, Renews: d("2026-12-22"), NoticeDays: 30}
	tests := []struct {
		name    string
		today   Date
		passed  bool
		missed  string // renews/deadline of the missed cycle
		next    string // renews/deadline of the next
		commits float64
	}{
		{"before the deadline", d("2026-11-01"), false, "", "2026-12-22/2026-11-22", 0},
		{"on the deadline", d("2026-11-22"), false, "", "2026-12-22/2026-11-22", 0},
		{"the issue: deadline passed, renewal ahead", d("2026-12-01"), true, "2026-12-22/2026-11-22", "2027-01-22/2026-12-23", 336000},
		{"renewal day itself", d("2026-12-22"), true, "2026-12-22/2026-11-22", "2027-01-22/2026-12-23", 336000},
		{"after the renewal, before the next deadline", d("2026-12-23"), false, "", "2027-01-22/2026-12-23", 0},
		{"past the next deadline", d("2026-12-24"), true, "2027-01-22/2026-12-23", "2027-02-22/2027-01-23", 336000},
	}
	for _, tt := range tests {
		n := r.NoticeOn(tt.today)
		missed := ""
		if !n.Missed.Renews.IsZero() {
			missed = n.Missed.Renews.String() + "/" + n.Missed.Deadline.String()
		}
		next := n.Next.Renews.String() + "/" + n.Next.Deadline.String()
		if n.Passed != tt.passed || missed != tt.missed || next != tt.next || n.Commits != tt.commits {
			t.Errorf("%s: got passed=%v missed=%q next=%q commits=%v, want %v %q %q %v", tt.name, n.Passed, missed, next, n.Commits, tt.passed, tt.missed, tt.next, tt.commits)
		}
	}
}

// A notice in months counts back calendar months from each renewal day, the
// day of the month kept or clamped to the month's end: 30 days a month
// would put the deadline a day after the contract's whenever the month
// before has 31 days (2027-08-15 − 30 days is 2027-07-16, not 07-15).
func TestNoticeInMonthsIsCalendarMonths(t *testing.T) {
	for _, tt := range []struct {
		renews string
		months int
		want   string
	}{
		{"2027-08-15", 1, "2027-07-15"},
		{"2027-07-31", 1, "2027-06-30"},
		{"2027-03-31", 1, "2027-02-28"},
		{"2028-03-31", 1, "2028-02-29"},
		{"2027-03-01", 1, "2027-02-01"},
		{"2027-01-15", 2, "2026-11-15"},
		{"2027-10-31", 3, "2027-07-31"},
	} {
		r := Renewal{Renews: d(tt.renews), NoticeDays: 30 * tt.months, NoticeMonths: tt.months, Mode: Quarterly}
		if got := r.Deadline(); got.String() != tt.want {
			t.Errorf("renews=%s notice=%d months: deadline %s, want %s", tt.renews, tt.months, got, tt.want)
		}
	}
	// every cycle of a monthly contract renewing on the 31st keeps a month's notice
	r := Renewal{Renews: d("2027-01-31"), NoticeDays: 30, NoticeMonths: 1, Mode: Monthly}
	for n, want := range []string{"2026-12-31", "2027-01-28", "2027-02-28", "2027-03-30"} {
		if c := r.CycleN(n); c.Deadline.String() != want {
			t.Errorf("cycle %d (renews %s): deadline %s, want %s", n, c.Renews, c.Deadline, want)
		}
	}
}

func TestNoticeInMonthsLongerThanTheTermIsRefused(t *testing.T) {
	today := d("2027-01-01")
	r := kusuan()
	r.NoticeDays, r.NoticeMonths = 60, 2
	if err := r.Validate(today); err == nil || !strings.Contains(err.Error(), "2 months") {
		t.Errorf("2 months' notice on a monthly contract: %v, want refused", err)
	}
	r.Mode = Quarterly
	if err := r.Validate(today); err != nil {
		t.Errorf("2 months' notice on a quarterly contract: %v", err)
	}
	r.NoticeMonths = 13
	if err := r.Validate(today); err == nil {
		t.Error("13 months' notice accepted")
	}
}
