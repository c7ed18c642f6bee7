package renewal

import (
	"testing"
	"time"
)

func d(s string) Date {
	v, err := ParseDate(s)
	if err != nil {
		panic(err)
	}
	return v
}

func TestParseDate(t *testing.T) {
	tests := []struct {
		name, in, want string
		wantErr        bool
	}{
		{"ISO", "2027-03-01", "2027-03-01", false},
		{"slashes", "2027/3/1", "2027-03-01", false},
		{"dots", "2027.3.1", "2027-03-01", false},
		{"Chinese", "2027年3月1日", "2027-03-01", false},
		{"Chinese 号", "2027年3月1号", "2027-03-01", false},
		{"leap day", "2028-02-29", "2028-02-29", false},
		{"no leap day", "2027-02-29", "", true},
		{"month 13", "2027-13-01", "", true},
		{"day 0", "2027-01-00", "", true},
		{"two-digit year", "27-03-01", "", true},
		{"trailing junk", "2027-03-01x", "", true},
		{"words", "next march", "", true},
		{"empty", "", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseDate(tt.in)
			if (err != nil) != tt.wantErr {
				t.Fatalf("ParseDate(%q) error = %v, want error %v", tt.in, err, tt.wantErr)
			}
			if got.String() != tt.want {
				t.Errorf("ParseDate(%q) = %s, want %s", tt.in, got, tt.want)
			}
		})
	}
}

func TestDateArithmetic(t *testing.T) {
	tests := []struct {
		name string
		got  Date
		want string
	}{
		{"30 days before 2027-03-01 is 2027-01-30", d("2027-03-01").AddDays(-30), "2027-01-30"},
		{"a day after New Year's Eve", d("2026-12-31").AddDays(1), "2027-01-01"},
		{"Jan 31 + 1 month clamps to Feb 28", d("2027-01-31").AddMonths(1), "2027-02-28"},
		{"Jan 31 + 1 month in a leap year is Feb 29", d("2028-01-31").AddMonths(1), "2028-02-29"},
		{"Nov 30 + 3 months is Feb 28", d("2026-11-30").AddMonths(3), "2027-02-28"},
		{"+12 months", d("2027-03-01").AddMonths(12), "2028-03-01"},
	}
	for _, tt := range tests {
		if tt.got.String() != tt.want {
			t.Errorf("%s: got %s, want %s", tt.name, tt.got, tt.want)
		}
	}
	if n := d("2027-01-01").DaysUntil(d("2027-03-01")); n != 59 {
		t.Errorf("2027-01-01 to 2027-03-01: got %d days, want 59", n)
	}
	if !d("2027-01-01").Before(d("2027-01-02")) || d("2027-01-02").Before(d("2027-01-02")) {
		t.Error("Before is wrong")
	}
}

func TestDateOfUsesTheLocation(t *testing.T) {
	// 2026-12-31 17:00 UTC is already 2027-01-01 01:00 in Shanghai.
	at := time.Date(2026, 12, 31, 17, 0, 0, 0, time.UTC)
	if got := DateOf(at, Shanghai()); got.String() != "2027-01-01" {
		t.Errorf("DateOf(%v, Shanghai) = %s, want 2027-01-01", at, got)
	}
	if got := DateOf(at, time.UTC); got.String() != "2026-12-31" {
		t.Errorf("DateOf(%v, UTC) = %s, want 2026-12-31", at, got)
	}
}

func TestLocation(t *testing.T) {
	loc, err := Location("")
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2027, 7, 1, 0, 0, 0, 0, time.UTC)
	if _, off := at.In(loc).Zone(); off != 8*3600 {
		t.Errorf("default zone offset = %d s, want UTC+8 (28800)", off)
	}
	if _, err := Location("Mars/Olympus"); err == nil {
		t.Error("Location(Mars/Olympus): want an error")
	}
	if loc, err := Location("UTC"); err != nil || loc.String() != "UTC" {
		t.Errorf("Location(UTC) = %v, %v", loc, err)
	}
}

func TestDateText(t *testing.T) {
	var x Date
	if err := x.UnmarshalText([]byte("2027-03-01")); err != nil || x != d("2027-03-01") {
		t.Errorf("UnmarshalText = %v, %v", x, err)
	}
	if err := x.UnmarshalText(nil); err != nil || !x.IsZero() {
		t.Errorf("UnmarshalText(empty) = %v, %v; want the zero Date", x, err)
	}
	if err := x.UnmarshalText([]byte("soon")); err == nil {
		t.Error("UnmarshalText(soon): want an error")
	}
}

func FuzzParseDate(f *testing.F) {
	for _, s := range []string{"2027-03-01", "2027年3月1日", "2027/02/29", "9999-12-31", "-1-1-1", "２０２７"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := ParseDate(s)
		if err != nil {
			return
		}
		back, err := ParseDate(v.String())
		if err != nil || back != v {
			t.Fatalf("ParseDate(%q) = %v, which does not round-trip: %v %v", s, v, back, err)
		}
	})
}
