package renewal

import (
	"fmt"
	"strings"
	"time"

	"gpuadvisor/advisor"
)

// DefaultZone is the time zone reminders are computed in unless set: most
// users are Chinese teams, and the daily schedule runs on Asia/Shanghai time.
const DefaultZone = "Asia/Shanghai"

// Location loads the named time zone. An empty name is DefaultZone. When the
// system has no time zone database, Asia/Shanghai falls back to a fixed UTC+8
// zone, which is exact: China has kept UTC+8 without daylight saving since 1991.
func Location(name string) (*time.Location, error) {
	if name == "" {
		name = DefaultZone
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		if name == DefaultZone {
			return time.FixedZone(DefaultZone, 8*3600), nil
		}
		return nil, err
	}
	return loc, nil
}

// Shanghai is the default location, never nil. It is loaded once: reading
// the zone file from disk on every call was a quarter of a vendor
// comparison's CPU.
func Shanghai() *time.Location { return shanghai.Get() }

var shanghai = advisor.Lazy[*time.Location]{New: func() *time.Location {
	loc, _ := Location(DefaultZone)
	return loc
}}

// LocationFrom reads the reminder time zone from the environment lookup
// getenv: REMINDER_TZ (the template's name), else REMINDER_TIMEZONE, else
// Asia/Shanghai. The error names the variable that was wrong.
func LocationFrom(getenv func(string) string) (*time.Location, error) {
	name, zone := "REMINDER_TZ", strings.TrimSpace(getenv("REMINDER_TZ"))
	if zone == "" {
		name, zone = "REMINDER_TIMEZONE", strings.TrimSpace(getenv("REMINDER_TIMEZONE"))
	}
	loc, err := Location(zone)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return loc, nil
}
