package trial

import (
	"strconv"
	"strings"
)

// iperfText collects one iperf3 run of text output.
type iperfText struct {
	run       IperfRun
	intervals int
	udp       bool
	streams   map[string]bool
	sum       map[string]*iperfLine // role ("sender", "receiver", "") -> [SUM] line
	per       map[string][]iperfLine
	// roleless are the UDP lines with jitter but no role after the last
	// "- - -" separator: the summary of iperf before 3.7.
	roleless []iperfLine
	sumOld   *iperfLine
}

// iperfLine is one "[ID] interval sec transfer rate ..." line.
type iperfLine struct {
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
	found := false
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
			sum: map[string]*iperfLine{}, per: map[string][]iperfLine{}}
	}
	for _, raw := range lines {
		s := untag(raw, iperfMarker)
		switch {
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
			if cur == nil {
				cur = start()
				found = true
			}
			if strings.Contains(rest, "Jitter") || strings.Contains(rest, "Datagrams") {
				cur.udp = true
			}
			continue
		}
		if cur == nil {
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
	if found || len(f.Iperf) > 0 {
		f.Tools = append(f.Tools, ToolIperf)
	}
}

// parseIperfLine reads the fields after "[ID]":
// 0.00-30.00 sec 32.8 GBytes 9.39 Gbits/sec 120 sender
// 0.00-10.04 sec 8.50 GBytes 7.27 Gbits/sec 0.005 ms 2310000/8610000 (27%) receiver
func parseIperfLine(f []string) (iperfLine, string, bool) {
	var l iperfLine
	if len(f) < 6 || f[1] != "sec" {
		return l, "", false
	}
	_, end, ok := strings.Cut(f[0], "-")
	if !ok {
		return l, "", false
	}
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

// iperfMarker reports whether s begins a line iperf3 prints in a run.
func iperfMarker(s string) bool {
	for _, p := range []string{"[", "- - -", "Connecting to host ", "Accepted connection from ", "Reverse mode", "iperf Done.", "iperf3: "} {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}
