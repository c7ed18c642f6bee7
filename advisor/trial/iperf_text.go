package trial

import (
	"strconv"
	"strings"
)

// iperfText collects one iperf3 or iperf 2 run of text output.
type iperfText struct {
	run       IperfRun
	intervals int
	udp       bool
	// v2 is set by what only iperf 2 prints ("Client connecting to …",
	// "Server listening on TCP port …", "[ CT] final connect times", a
	// "Server Report:", intervals of one or four decimals). iperf 2 marks
	// no line sender or receiver: its summary is, per stream and for
	// [SUM], the line from 0 that spans the longest time; a client's lines
	// are what it sent, a server's and a client's "Server Report:" what
	// was received.
	v2      bool
	server  bool           // iperf 2 -s: the lines are what was received
	report  bool           // after an iperf 2 "Server Report:" line
	rtry    bool           // the iperf 2 -e header has Write/Err and Rtry columns
	v2at    map[string]int // role and stream id -> index in per[role]
	streams map[string]bool
	sum     map[string]*iperfLine // role ("sender", "receiver", "") -> [SUM] line
	per     map[string][]iperfLine
	// roleless are the UDP lines with jitter but no role after the last
	// "- - -" separator: the summary of iperf before 3.7.
	roleless []iperfLine
	sumOld   *iperfLine
}

// iperfLine is one "[ID] interval sec transfer rate ..." line.
type iperfLine struct {
	start   float64 // the interval's start, in seconds
	seconds float64
	gbps    float64
	retr    *int
	jitter  *float64
	lost    *int64
	total   *int64
	lossPct *float64
}

// readIperfText reads iperf3's text output, client or server side, TCP or
// UDP, one stream or many (-P), iperf 3.0 to 3.17 ("Bandwidth" became
// "Bitrate" in 3.2; UDP summaries gained sender/receiver lines in 3.7). The
// summary lines are the ones ending in sender or receiver (with -P, a
// "- - -" line follows every interval, so it cannot mark the summary): the
// [SUM] lines when there are several streams, else the stream's own lines.
func readIperfText(lines []string, f *Facts, probs *[]Problem) {
	var cur *iperfText
	found, found2 := false, false
	finish := func() {
		if cur == nil {
			return
		}
		if r, ok := cur.result(probs); ok {
			f.Iperf = append(f.Iperf, r)
		}
		cur = nil
	}
	start := func() *iperfText {
		return &iperfText{run: IperfRun{Source: "text", Protocol: "tcp"}, streams: map[string]bool{},
			sum: map[string]*iperfLine{}, per: map[string][]iperfLine{}, v2at: map[string]int{}}
	}
	for _, raw := range lines {
		s := untag(raw, iperfMarker)
		switch {
		case strings.HasPrefix(s, "Client connecting to "):
			// iperf 2's client; its threads may print their "local …
			// connected with" lines before this one
			if cur == nil || !cur.v2 || cur.measured() {
				finish()
				cur = start()
			}
			found = true
			cur.v2, cur.run.Iperf2 = true, true
			head := strings.TrimPrefix(s, "Client connecting to ")
			cur.run.Host, _, _ = strings.Cut(head, ",")
			cur.udp = cur.udp || strings.Contains(head, ", UDP port")
			continue
		case strings.HasPrefix(s, "Server listening on TCP port"), strings.HasPrefix(s, "Server listening on UDP port"):
			finish()
			cur = start()
			found = true
			cur.v2, cur.run.Iperf2, cur.server = true, true, true
			cur.udp = strings.HasPrefix(s, "Server listening on UDP")
			continue
		case strings.HasPrefix(s, "Connecting to host "), strings.HasPrefix(s, "Accepted connection from "):
			finish()
			cur = start()
			found = true
			host := strings.TrimPrefix(strings.TrimPrefix(s, "Connecting to host "), "Accepted connection from ")
			cur.run.Host, _, _ = strings.Cut(host, ",")
			continue
		case strings.HasPrefix(s, "iperf3: error"), strings.HasPrefix(s, "iperf3: interrupt"):
			if cur == nil {
				cur = start()
			}
			found = true
			cur.run.Error = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(s, "iperf3: error -"), "iperf3:"))
			continue
		case s == "iperf Done.":
			finish()
			continue
		}
		if !strings.HasPrefix(s, "[") {
			if cur != nil && strings.HasPrefix(s, "- - -") {
				cur.roleless, cur.sumOld = nil, nil
			}
			if cur != nil && strings.HasPrefix(s, "Reverse mode") {
				cur.run.Reverse = true
			}
			continue
		}
		id, rest, ok := strings.Cut(strings.TrimPrefix(s, "["), "]")
		if !ok {
			continue
		}
		id = strings.TrimSpace(id)
		if id == "ID" {
			if cur != nil && cur.v2 && cur.server && cur.measured() {
				// iperf 2 -s prints a header for each client it serves:
				// one test after another
				prev := cur
				finish()
				cur = start()
				cur.v2, cur.run.Iperf2, cur.server, cur.udp = true, true, true, prev.udp
			}
			if cur == nil {
				cur = start()
				found = true
			}
			if strings.Contains(rest, "Jitter") || strings.Contains(rest, "Datagrams") {
				cur.udp = true
			}
			if strings.Contains(rest, "Write/Err") || strings.Contains(rest, "Reads=Dist") || strings.Contains(rest, "NetPwr") {
				cur.v2, cur.run.Iperf2 = true, true
				cur.rtry = strings.Contains(rest, "Rtry")
			}
			continue
		}
		if cur == nil {
			continue
		}
		switch r := strings.TrimSpace(rest); {
		case id == "CT" || strings.HasPrefix(id, "SUM-"):
			// iperf 2: "[ CT] final connect times …", "[SUM-8] …"
			cur.v2, cur.run.Iperf2 = true, true
			if id == "CT" {
				continue
			}
			id = "SUM"
		case r == "Server Report:":
			cur.v2, cur.run.Iperf2, cur.report = true, true, true
			continue
		case strings.HasPrefix(r, "Sent ") && strings.HasSuffix(r, " datagrams"):
			cur.v2, cur.run.Iperf2, cur.udp = true, true, true
			continue
		}
		rest = strings.TrimPrefix(rest, "[TX-C]")
		rest = strings.TrimPrefix(rest, "[RX-C]")
		fields := strings.Fields(rest)
		if len(fields) >= 1 && fields[0] == "local" {
			cur.streams[id] = true
			continue
		}
		l, role, ok := parseIperfLine(fields)
		if !ok {
			continue
		}
		if l.jitter != nil {
			cur.udp = true
		}
		if role == "" && !cur.v2 && iperf2Interval(fields) {
			cur.v2, cur.run.Iperf2 = true, true
		}
		if cur.v2 {
			cur.v2Line(id, l, fields)
			continue
		}
		if role == "" {
			// an interval line, or an old UDP summary (it has jitter and loss)
			cur.intervals++
			if l.jitter != nil && l.lost != nil {
				if id == "SUM" {
					cur.sumOld = &l
				} else {
					cur.roleless = append(cur.roleless, l)
				}
			}
			continue
		}
		if id == "SUM" {
			cur.sum[role] = &l
		} else {
			cur.per[role] = append(cur.per[role], l)
			cur.streams[id] = true
		}
	}
	finish()
	three := false
	for _, r := range f.Iperf {
		if r.Iperf2 {
			found2 = true
		} else {
			three = true
		}
	}
	if three || found && !found2 {
		f.Tools = append(f.Tools, ToolIperf)
	}
	if found2 {
		f.Tools = append(f.Tools, ToolIperf2)
	}
}

// measured reports whether a rate line was read in the run.
func (t *iperfText) measured() bool { return len(t.sum) > 0 || len(t.per) > 0 || t.intervals > 0 }

// v2Line keeps an iperf 2 line: per stream (and for [SUM]) the line from 0
// spanning the longest time is its summary; other lines are intervals.
func (t *iperfText) v2Line(id string, l iperfLine, fields []string) {
	role := "sender"
	if t.server || t.report {
		role = "receiver"
	}
	if t.rtry && l.retr == nil && len(fields) > 7 && strings.Contains(fields[6], "/") {
		// -e: Write/Err then Rtry
		if r, err := strconv.Atoi(fields[7]); err == nil {
			l.retr = &r
		}
	}
	if l.start != 0 {
		t.intervals++
		return
	}
	if id == "SUM" {
		if old := t.sum[role]; old == nil || l.seconds >= old.seconds {
			t.sum[role] = &l
		}
		return
	}
	key := role + " " + id
	if i, ok := t.v2at[key]; ok {
		if l.seconds >= t.per[role][i].seconds {
			t.per[role][i] = l
		}
		return
	}
	t.v2at[key] = len(t.per[role])
	t.per[role] = append(t.per[role], l)
	t.streams[id] = true
}

// iperf2Interval reports whether a line's interval is written as iperf 2
// writes it: one decimal (2.0.5: "0.0-10.0") or four (2.0.10 and later:
// "0.0000-10.0000"); iperf3 always writes two ("0.00-10.00").
func iperf2Interval(f []string) bool {
	a, b, ok := strings.Cut(f[0], "-")
	if !ok {
		return false
	}
	dec := func(s string) int {
		_, frac, ok := strings.Cut(s, ".")
		if !ok {
			return -1
		}
		return len(frac)
	}
	da, db := dec(a), dec(b)
	return da == db && (da == 1 || da == 4)
}

// parseIperfLine reads the fields after "[ID]":
// 0.00-30.00 sec 32.8 GBytes 9.39 Gbits/sec 120 sender
// 0.00-10.04 sec 8.50 GBytes 7.27 Gbits/sec 0.005 ms 2310000/8610000 (27%) receiver
func parseIperfLine(f []string) (iperfLine, string, bool) {
	var l iperfLine
	if len(f) > 1 && strings.HasSuffix(f[0], "-") {
		// iperf 2.0.5 pads the end: "0.0- 1.0 sec"
		f = append([]string{f[0] + f[1]}, f[2:]...)
	}
	if len(f) < 6 || f[1] != "sec" {
		return l, "", false
	}
	begin, end, ok := strings.Cut(f[0], "-")
	if !ok {
		return l, "", false
	}
	l.start, _ = strconv.ParseFloat(begin, 64)
	l.seconds, _ = strconv.ParseFloat(end, 64)
	rate, err := strconv.ParseFloat(f[4], 64)
	if err != nil {
		return l, "", false
	}
	scale, ok := rateScale(f[5])
	if !ok {
		return l, "", false
	}
	l.gbps = rate * scale
	role := ""
	tail := f[6:]
	if n := len(tail); n > 0 && (tail[n-1] == "sender" || tail[n-1] == "receiver") {
		role = tail[n-1]
		tail = tail[:n-1]
	}
	if len(tail) >= 3 && tail[1] == "ms" {
		if j, err := strconv.ParseFloat(tail[0], 64); err == nil {
			l.jitter = &j
		}
		if a, b, ok := strings.Cut(tail[2], "/"); ok {
			lost, e1 := strconv.ParseInt(a, 10, 64)
			total, e2 := strconv.ParseInt(b, 10, 64)
			if e1 == nil && e2 == nil {
				l.lost, l.total = &lost, &total
			}
		}
		if len(tail) >= 4 {
			p := strings.TrimSuffix(strings.TrimPrefix(tail[3], "("), ")")
			if v, err := strconv.ParseFloat(strings.TrimSuffix(p, "%"), 64); err == nil {
				l.lossPct = &v
			}
		}
		if l.lossPct == nil && l.lost != nil && *l.total > 0 {
			v := float64(*l.lost) / float64(*l.total) * 100
			l.lossPct = &v
		}
	} else if len(tail) >= 1 {
		if r, err := strconv.Atoi(tail[0]); err == nil {
			l.retr = &r
		}
	}
	return l, role, true
}

// rateScale converts a rate unit to Gbit/s: rates in bits are decimal
// (1 Gbits/sec = 10^9 bit/s); rates in Bytes (-f G) are binary, times 8.
func rateScale(unit string) (float64, bool) {
	u, ok := strings.CutSuffix(unit, "/sec")
	if !ok {
		return 0, false
	}
	bits := map[string]float64{"bits": 1e-9, "Kbits": 1e-6, "Mbits": 1e-3, "Gbits": 1, "Tbits": 1e3}
	if v, ok := bits[u]; ok {
		return v, true
	}
	bytes := map[string]float64{"Bytes": 1, "KBytes": 1 << 10, "MBytes": 1 << 20, "GBytes": 1 << 30, "TBytes": 1 << 40}
	if v, ok := bytes[u]; ok {
		return v * 8 / 1e9, true
	}
	return 0, false
}

// result turns the collected lines into a run. ok is false when nothing
// measurable was seen at all.
func (t *iperfText) result(probs *[]Problem) (IperfRun, bool) {
	r := t.run
	if t.udp {
		r.Protocol = "udp"
	}
	r.Streams = len(t.streams)
	if t.v2 && len(t.v2at) > 0 {
		// iperf 2: the streams with a summary (their "local … connected
		// with" lines may come before the run's header)
		ids := map[string]bool{}
		for k := range t.v2at {
			_, id, _ := strings.Cut(k, " ")
			ids[id] = true
		}
		r.Streams = len(ids)
	}
	pick := func(role string) *iperfLine {
		if l := t.sum[role]; l != nil {
			return l
		}
		ls := t.per[role]
		if len(ls) == 0 {
			return nil
		}
		total := ls[0]
		for _, l := range ls[1:] {
			total.gbps += l.gbps
			total.seconds = max(total.seconds, l.seconds)
			if l.retr != nil && total.retr != nil {
				v := *total.retr + *l.retr
				total.retr = &v
			}
			if l.lost != nil && total.lost != nil {
				lost, all := *total.lost+*l.lost, *total.total+*l.total
				total.lost, total.total = &lost, &all
				if all > 0 {
					p := float64(lost) / float64(all) * 100
					total.lossPct = &p
				}
			}
		}
		return &total
	}
	snd, rcv := pick("sender"), pick("receiver")
	if rcv == nil && snd == nil && (t.sumOld != nil || len(t.roleless) > 0) {
		// iperf before 3.7 printed one UDP summary line without a role
		t.sum[""], t.per[""] = t.sumOld, t.roleless
		rcv = pick("")
	}
	if snd == nil && rcv == nil {
		if r.Error != "" {
			return r, true
		}
		if t.intervals > 0 {
			*probs = append(*probs, Problem{Tool: ToolIperf, Text: tf(
				"the iperf3 run to %s is cut before its summary (the sender/receiver lines after \"- - -\"); paste it down to \"iperf Done.\"",
				"到 %s 的 iperf3 测试在汇总之前被截断（\"- - -\" 之后的 sender/receiver 行）；请粘贴到 \"iperf Done.\" 为止", orUnknown(r.Host))})
		}
		return r, false
	}
	if snd != nil {
		v := snd.gbps
		r.SenderGbps, r.Seconds, r.Retransmits = &v, snd.seconds, snd.retr
		r.Gbps = v
	}
	if rcv != nil {
		v := rcv.gbps
		r.ReceiverGbps, r.Gbps = &v, v
		if r.Seconds == 0 {
			r.Seconds = rcv.seconds
		}
		r.JitterMs, r.LostPackets, r.Packets, r.LossPct = rcv.jitter, rcv.lost, rcv.total, rcv.lossPct
	}
	if r.LossPct == nil && snd != nil && snd.lossPct != nil && t.udp {
		r.JitterMs, r.LostPackets, r.Packets, r.LossPct = snd.jitter, snd.lost, snd.total, snd.lossPct
	}
	return r, true
}

func orUnknown(s string) string {
	if s == "" {
		return "?"
	}
	return s
}

// iperfMarker reports whether s begins a line iperf3 or iperf 2 prints in a run.
func iperfMarker(s string) bool {
	for _, p := range []string{"[", "- - -", "Connecting to host ", "Accepted connection from ", "Reverse mode", "iperf Done.", "iperf3: ", "Client connecting to ", "Server listening on "} {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}
