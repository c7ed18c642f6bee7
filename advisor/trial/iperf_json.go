package trial

import (
	"encoding/json"
	"strings"
)

// iperfDoc is the part of iperf3 -J output the check reads.
type iperfDoc struct {
	Start *struct {
		Version      string `json:"version"`
		ConnectingTo struct {
			Host string `json:"host"`
		} `json:"connecting_to"`
		Accepted struct {
			Host string `json:"host"`
		} `json:"accepted_connection"`
		TargetBitrate float64 `json:"target_bitrate"`
		TestStart     struct {
			Protocol      string  `json:"protocol"`
			NumStreams    int     `json:"num_streams"`
			Duration      float64 `json:"duration"`
			Reverse       int     `json:"reverse"`
			TargetBitrate float64 `json:"target_bitrate"`
		} `json:"test_start"`
	} `json:"start"`
	Intervals json.RawMessage `json:"intervals"`
	End       struct {
		SumSent     *iperfSum `json:"sum_sent"`
		SumReceived *iperfSum `json:"sum_received"`
		Sum         *iperfSum `json:"sum"`
	} `json:"end"`
	Error string `json:"error"`
}

// iperfSum is end.sum, end.sum_sent or end.sum_received.
type iperfSum struct {
	Seconds       float64  `json:"seconds"`
	BitsPerSecond float64  `json:"bits_per_second"`
	Retransmits   *int     `json:"retransmits"`
	JitterMs      *float64 `json:"jitter_ms"`
	LostPackets   *int64   `json:"lost_packets"`
	Packets       *int64   `json:"packets"`
	LostPercent   *float64 `json:"lost_percent"`
}

// readIperfJSON finds each iperf3 -J document in the paste (a JSON object
// with "start" and "end") and reads end.sum_sent / end.sum_received
// bits_per_second (TCP), and for UDP end.sum or end.sum_received with
// jitter_ms, lost_packets, packets and lost_percent.
func readIperfJSON(text string, f *Facts, probs *[]Problem) {
	found := false
	unclosed := 0
	for i := 0; i < len(text) && unclosed < 3; {
		j := lineStartBrace(text, i)
		if j < 0 {
			break
		}
		end, closed := matchBrace(text, j)
		doc := text[j:end]
		i = end
		if !closed {
			unclosed++
		}
		if !strings.Contains(doc, `"start"`) && !strings.Contains(doc, `"intervals"`) {
			if !closed {
				i = j + 1
			}
			continue
		}
		var d iperfDoc
		if err := json.Unmarshal([]byte(doc), &d); err != nil || d.Start == nil && d.Error == "" {
			if strings.Contains(doc, `"test_start"`) || strings.Contains(doc, `"connecting_to"`) || strings.Contains(doc, `"intervals"`) {
				found = true
				*probs = append(*probs, Problem{Tool: ToolIperfJSON, Text: tf(
					"an iperf3 -J document is cut or not valid JSON; paste it whole, from the first { to the last }",
					"一段 iperf3 -J 输出被截断或不是有效 JSON；请从第一个 { 到最后一个 } 完整粘贴")})
			}
			continue
		}
		found = true
		if r, ok := d.run(); ok {
			f.Iperf = append(f.Iperf, r)
		}
	}
	if found {
		f.Tools = append(f.Tools, ToolIperfJSON)
	}
}

// run turns an iperf3 -J document into a run.
func (d *iperfDoc) run() (IperfRun, bool) {
	r := IperfRun{Source: "json", Protocol: "tcp", Error: d.Error}
	if d.Start != nil {
		st := d.Start
		r.Host = st.ConnectingTo.Host
		if r.Host == "" {
			r.Host = st.Accepted.Host
		}
		if p := strings.ToLower(st.TestStart.Protocol); p != "" {
			r.Protocol = p
		}
		r.Streams = st.TestStart.NumStreams
		r.Reverse = st.TestStart.Reverse != 0
		r.Seconds = st.TestStart.Duration
		if t := max(st.TargetBitrate, st.TestStart.TargetBitrate); t > 0 {
			r.TargetGbps = t / 1e9
		}
	}
	e := d.End
	snd, rcv := e.SumSent, e.SumReceived
	if r.Protocol == "udp" && rcv == nil {
		snd = firstSum(snd, e.Sum)
	}
	if snd == nil && rcv == nil {
		return r, r.Error != ""
	}
	if snd != nil {
		v := snd.BitsPerSecond / 1e9
		r.SenderGbps, r.Gbps, r.Retransmits = &v, v, snd.Retransmits
		if snd.Seconds > 0 {
			r.Seconds = snd.Seconds
		}
	}
	if rcv != nil {
		v := rcv.BitsPerSecond / 1e9
		r.ReceiverGbps, r.Gbps = &v, v
	}
	if r.Protocol == "udp" {
		loss := firstSum(rcv, e.Sum)
		if loss == nil {
			loss = snd
		}
		r.JitterMs, r.LostPackets, r.Packets, r.LossPct = loss.JitterMs, loss.LostPackets, loss.Packets, loss.LostPercent
	}
	return r, true
}

func firstSum(a, b *iperfSum) *iperfSum {
	if a != nil {
		return a
	}
	return b
}

// lineStartBrace returns the index of the next "{" from i that is the first
// non-blank character of its line (how iperf3 -J prints a document), or -1.
func lineStartBrace(s string, i int) int {
	for {
		j := strings.IndexByte(s[i:], '{')
		if j < 0 {
			return -1
		}
		j += i
		k := j
		for k > 0 && (s[k-1] == ' ' || s[k-1] == '\t') {
			k--
		}
		if k == 0 || s[k-1] == '\n' || s[k-1] == '\r' {
			return j
		}
		i = j + 1
	}
}

// matchBrace returns the index just past the } closing the { at start,
// skipping braces inside JSON strings; len(s) and false when it never closes.
func matchBrace(s string, start int) (int, bool) {
	depth := 0
	inStr := false
	for i := start; i < len(s); i++ {
		c := s[i]
		if inStr {
			switch c {
			case '\\':
				i++
			case '"':
				inStr = false
			}
			continue
		}
		switch c {
		case '"':
			inStr = true
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return i + 1, true
			}
		}
	}
	return len(s), false
}
