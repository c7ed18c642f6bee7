package chat

import (
	"context"
	"testing"
)

// A day with a time of day after it is read for its day, in China's time
// when a zone is written: a +08:00 midnight is that day, a UTC time that is
// the next day in China is refused, and a time that is no time is no day.
func TestDayWithATime(t *testing.T) {
	for in, want := range map[string]string{
		"2027-03-01T00:00:00+08:00": "2027-03-01", // midnight in China: that day
		"2027-03-01T00:00:00+0800":  "2027-03-01",
		"2027-03-01T23:59:59+08:00": "2027-03-01",
		"2027-03-01 09:00":          "2027-03-01", // no zone: the clock of the one who wrote it
		"2027-03-01T09:00":          "2027-03-01",
		"2027-03-01 9:00:00.000":    "2027-03-01",
		"2027/3/1 上午":               "2027-03-01",
		"2027/3/1 下午3点":             "2027-03-01",
		"2027年3月1日上午9点":             "2027-03-01",
		"2027年3月1日 9点半":             "2027-03-01",
		"2027-03-01 9am":            "2027-03-01",
		"2027-03-01 10:00 北京时间":     "2027-03-01",
		"2027-03-01T00:00:00Z":      "2027-03-01", // 08:00 in China: the same day
		"2027-03-01T15:59:59Z":      "2027-03-01", // 23:59 in China
		"2027-03-01T12:00:00+05:30": "2027-03-01", // 14:30 in China
		"2027-03-01T09:00:00-05:00": "2027-03-01", // 22:00 in China
		"２０２７－０３－０１Ｔ００：００：００＋０８：００": "2027-03-01", // full-width, as a phone types it
	} {
		got, err := ParseDay(in)
		if err != nil || got.Format("2006-01-02") != want {
			t.Errorf("ParseDay(%q) = %v, %v; want %s", in, got, err, want)
		}
	}
	for in, china := range map[string]string{
		"2027-02-28T16:00:00Z":      "2027-03-01", // midnight of 3月1日 in China
		"2027-02-28T16:00:00.000Z":  "2027-03-01",
		"2027-03-01T23:30:00-05:00": "2027-03-02",
		"2027-03-01 11pm utc":       "2027-03-02",
	} {
		_, other, ok := dayOfTime(in)
		if !ok || other != china {
			t.Errorf("dayOfTime(%q) = other %q, %v; want the day in China %s", in, other, ok, china)
		}
		if other != "" {
			if got, err := ParseDay(in); err == nil {
				t.Errorf("ParseDay(%q) = %v; want it refused (another day in China)", in, got)
			}
		}
	}
	for _, in := range []string{"2027-03-01 25:00", "2027-03-01 9:75", "2027-03-01 later", "2027-03-01 t", "2027-03-01 3 1", "2027-02-30 09:00"} {
		if got, err := ParseDay(in); err == nil {
			t.Errorf("ParseDay(%q) = %v; want an error", in, got)
		}
	}
}

// A time typed after a day with a space joins it (the router reads
// renews=2027-03-01 09:00 as one value); a number does not (2027 3 1 is a
// day split by spaces, said so).
func TestTimeWordJoinsADay(t *testing.T) {
	for w, want := range map[string]bool{"09:00": true, "上午": true, "下午3点": true, "9am": true, "00:00:00+08:00": true, "3": false, "vendor": false, "": false, "t": false} {
		if got := timeWord(w); got != want {
			t.Errorf("timeWord(%q) = %v, want %v", w, got, want)
		}
	}
}

// Lengths and rates said in words: a length with every is the interval,
// half an hour is 0.5; a rate once every N hours is 1/N (OnceEvery gives N).
func TestSpokenDurations(t *testing.T) {
	for in, want := range map[string]float64{"半小时": 0.5, "half an hour": 0.5, "一刻钟": 0.25, "每小时": 1, "every hour": 1, "每2小时": 2,
		"每30分钟": 0.5, "every 30 min": 0.5, "每半小时": 0.5, "每天": 24} {
		if got, ok := spokenHours(in); !ok || got != want {
			t.Errorf("spokenHours(%q) = %v, %v; want %v", in, got, ok, want)
		}
	}
	for _, in := range []string{"2", "2h", "30分钟", "每", "every", "每年"} {
		if got, ok := spokenHours(in); ok {
			t.Errorf("spokenHours(%q) = %v; want it left to the other readers", in, got)
		}
	}
	for in, want := range map[string]float64{"每20小时一次": 20, "20小时一次": 20, "每20小时中断一次": 20, "平均20小时一次": 20, "每天一次": 24,
		"一周一次": 168, "once every 20 hours": 20, "every 20h": 20, "every 30 min": 0.5} {
		if got, ok := OnceEvery(in); !ok || got != want {
			t.Errorf("OnceEvery(%q) = %v, %v; want %v", in, got, ok, want)
		}
	}
	for _, in := range []string{"0.05", "5%", "20", "20小时", "一次"} {
		if got, ok := OnceEvery(in); ok {
			t.Errorf("OnceEvery(%q) = %v; want no interval read", in, got)
		}
	}
}

// A card name that holds the number of cards is refused with the two
// apart; a card whose name has an x in it is a card.
func TestCountInCard(t *testing.T) {
	r := NewRouter()
	r.Register(&Command{Name: "add", Keys: []Key{{Name: "gpu"}, {Name: "cards"}}, Run: func(context.Context, *Call) (Reply, error) { return Reply{}, nil }})
	for in, want := range map[string]string{"8xA100": "gpu=A100 cards=8", "8×A100": "gpu=A100 cards=8", "8*H800": "gpu=H800 cards=8",
		"8卡A100": "gpu=A100 cards=8", "A100*8": "gpu=A100 cards=8", "A100x8": "gpu=A100 cards=8", "A100-80Gx4": "gpu=A100-80G cards=4", "4 x 4090": "gpu=4090 cards=4"} {
		_, a, _, err := r.Parse(Request{Text: `add gpu="` + in + `"`})
		if err != nil {
			t.Fatal(err)
		}
		if e := a.CountInCard("gpu", "cards"); e == nil || e.Example != want {
			t.Errorf("CountInCard(gpu=%s) = %v; want the example %s", in, e, want)
		}
	}
	for _, in := range []string{"A100-80G", "RTX4090", "rtx6000", "MI300X", "H100 SXM", "x8", "0xA100"} {
		_, a, _, _ := r.Parse(Request{Text: `add gpu="` + in + `"`})
		if e := a.CountInCard("gpu", "cards"); e != nil {
			t.Errorf("CountInCard(gpu=%s) = %q; want it read as a card", in, e.Message)
		}
	}
}
