package trial

import (
	"strings"
	"testing"
)

func TestIperfFixtures(t *testing.T) {
	tests := []struct {
		file         string
		tool         string
		proto        string
		streams      int
		sender, recv float64
		retr         int // -1 when not shown
		loss         float64
		host         string
		target       float64
	}{
		{"iperf_tcp_p8_10g.txt", ToolIperf, "tcp", 8, 9.40, 9.37, 556, -1, "10.0.0.12", 0},
		{"iperf_tcp_p8_slow.txt", ToolIperf, "tcp", 8, 6.19, 6.17, 9376, -1, "192.168.10.22", 0},
		{"iperf_udp_9g.txt", ToolIperf, "udp", 1, 9.00, 8.96, -1, 0.29, "10.0.0.12", 0},
		{"iperf_tcp_p4_25g.json", ToolIperfJSON, "tcp", 4, 23.34, 23.23, 29, -1, "172.16.8.12", 0},
		{"iperf_udp_22g.json", ToolIperfJSON, "udp", 1, 22.5, 21.8, -1, 2.7, "172.16.8.12", 22.5},
	}
	for _, tt := range tests {
		f, probs := Read(fixture(t, tt.file))
		if len(probs) > 0 || len(f.Iperf) != 1 || len(f.Tools) != 1 || f.Tools[0] != tt.tool {
			t.Fatalf("%s: runs %d tools %v problems %+v; want 1 run by %s", tt.file, len(f.Iperf), f.Tools, probs, tt.tool)
		}
		r := f.Iperf[0]
		if r.Protocol != tt.proto || r.Streams != tt.streams || r.Host != tt.host || r.TargetGbps != tt.target {
			t.Errorf("%s: %s ×%d → %s target %v; want %s ×%d → %s target %v", tt.file, r.Protocol, r.Streams, r.Host, r.TargetGbps, tt.proto, tt.streams, tt.host, tt.target)
		}
		if !near(*r.SenderGbps, tt.sender, 0.01) || !near(*r.ReceiverGbps, tt.recv, 0.01) || !near(r.Gbps, tt.recv, 0.01) {
			t.Errorf("%s: sent %v received %v compared %v; want %v %v", tt.file, *r.SenderGbps, *r.ReceiverGbps, r.Gbps, tt.sender, tt.recv)
		}
		if tt.retr >= 0 && (r.Retransmits == nil || *r.Retransmits != tt.retr) {
			t.Errorf("%s: retransmits %v, want %d", tt.file, r.Retransmits, tt.retr)
		}
		if tt.proto == "udp" && (r.LossPct == nil || !near(*r.LossPct, tt.loss, 0.005) || r.JitterMs == nil || r.Packets == nil) {
			t.Errorf("%s: loss %v jitter %v packets %v, want loss %v", tt.file, r.LossPct, r.JitterMs, r.Packets, tt.loss)
		}
	}
}

func near(a, b, tol float64) bool { return a-b <= tol && b-a <= tol }

func TestIperfTextVariants(t *testing.T) {
	old := `Connecting to host 10.1.1.2, port 5201
[  4] local 10.1.1.1 port 37617 connected to 10.1.1.2 port 5201
[ ID] Interval           Transfer     Bandwidth       Total Datagrams
[  4]   0.00-1.00   sec   118 MBytes   990 Mbits/sec  15112  
- - - - - - - - - - - - - - - - - - - - - - - - -
[ ID] Interval           Transfer     Bandwidth       Jitter    Lost/Total Datagrams
[  4]   0.00-10.00  sec  1.15 GBytes   990 Mbits/sec  0.021 ms  302/151118 (0.2%)  
[  4] Sent 151118 datagrams

iperf Done.
`
	single := `Connecting to host 140.112.30.186, port 5201
Reverse mode, remote host 140.112.30.186 is sending
[  5] local 10.0.2.15 port 59432 connected to 140.112.30.186 port 5201
[ ID] Interval           Transfer     Bitrate         Retr  Cwnd
[  5]   0.00-5.00   sec   240 MBytes   403 Mbits/sec
- - - - - - - - - - - - - - - - - - - - - - - - -
[ ID] Interval           Transfer     Bitrate         Retr
[  5]   0.00-5.00   sec   241 MBytes   404 Mbits/sec  1769             sender
[  5]   0.00-5.00   sec   240 MBytes   403 Mbits/sec                  receiver

iperf Done.
`
	server := `-----------------------------------------------------------
Server listening on 5201
-----------------------------------------------------------
Accepted connection from 10.0.0.11, port 41224
[  5] local 10.0.0.12 port 5201 connected to 10.0.0.11 port 41226
[ ID] Interval           Transfer     Bitrate
[  5]   0.00-1.00   sec  1.09 GBytes  9.35 Gbits/sec                  
- - - - - - - - - - - - - - - - - - - - - - - - -
[ ID] Interval           Transfer     Bitrate
[  5]   0.00-10.04  sec  10.9 GBytes  9.34 Gbits/sec                  receiver
`
	tcp := fixture(t, "iperf_tcp_p8_10g.txt")
	cut := tcp[:strings.Index(tcp, "[ ID] Interval           Transfer     Bitrate         Retr\n")]
	refused := "Connecting to host 10.0.0.12, port 5201\niperf3: error - unable to connect to server: Connection refused\n"
	tests := []struct {
		name    string
		in      string
		runs    int
		proto   string
		gbps    float64
		loss    float64
		reverse bool
		err     bool
		problem string
	}{
		{"iperf 3.1 UDP: Bandwidth column, one summary line without a role", old, 1, "udp", 0.99, 0.2, false, false, ""},
		{"one stream, reverse, Mbits/sec", single, 1, "tcp", 0.403, 0, true, false, ""},
		{"server side: receiver only", server, 1, "tcp", 9.34, 0, false, false, ""},
		{"-P 8 cut before the summary", cut, 0, "", 0, 0, false, false, "cut before its summary"},
		{"connection refused", refused, 1, "tcp", 0, 0, false, true, ""},
	}
	for _, tt := range tests {
		f, probs := Read(tt.in)
		if len(f.Iperf) != tt.runs || !hasProblem(probs, tt.problem) {
			t.Fatalf("%s: %d runs, problems %+v; want %d runs, problem %q", tt.name, len(f.Iperf), probs, tt.runs, tt.problem)
		}
		if tt.runs == 0 {
			continue
		}
		r := f.Iperf[0]
		if r.Protocol != tt.proto || !near(r.Gbps, tt.gbps, 0.001) || r.Reverse != tt.reverse || (r.Error != "") != tt.err {
			t.Errorf("%s: %s %v Gbit/s reverse %v error %q; want %s %v %v error %v", tt.name, r.Protocol, r.Gbps, r.Reverse, r.Error, tt.proto, tt.gbps, tt.reverse, tt.err)
		}
		if tt.proto == "udp" && (r.LossPct == nil || *r.LossPct != tt.loss) {
			t.Errorf("%s: loss %v, want %v", tt.name, r.LossPct, tt.loss)
		}
	}
}

// TestIperf2Variants: iperf 2's other layouts, from public captures (a
// mininet lab, PerfKitBenchmarker's test of its iperf parser, a UDP server
// from a Google Cloud lab, excerpt 13329742203 of the code index): 2.0.5
// pads an interval's end ("0.0- 1.0 sec"), -e adds Write/Err and Rtry
// columns (the retries are read), a UDP server reports jitter and loss, and
// iperf3 and iperf 2 pasted together are each read by their own rules.
func TestIperf2Variants(t *testing.T) {
	old := `------------------------------------------------------------
Client connecting to 10.0.0.3, TCP port 80
TCP window size: 85.3 KByte (default)
------------------------------------------------------------
[  3] local 10.0.0.2 port 42356 connected with 10.0.0.3 port 80
[ ID] Interval       Transfer     Bandwidth
[  3]  0.0- 1.0 sec  1.75 MBytes  14.7 Mbits/sec
[  3]  1.0- 2.0 sec  1.25 MBytes  10.5 Mbits/sec
[  3]  0.0- 2.0 sec  3.12 MBytes  12.9 Mbits/sec
`
	enhanced := `Client connecting to 10.128.0.2, TCP port 20000 with pid 10208
Write buffer size: 0.12 MByte
TCP window size: 1.67 MByte (default)
------------------------------------------------------------
[  3] local 10.128.0.3 port 33738 connected with 10.128.0.2 port 20000 (ct=1.62 ms)
[ ID] Interval        Transfer    Bandwidth       Write/Err  Rtry     Cwnd/RTT        NetPwr
[  3] 0.00-60.00 sec  14063 MBytes  1966 Mbits/sec  112505/0          7       -1K/1346 us  182579.69
`
	udpServer := `------------------------------------------------------------
Server listening on UDP port 5001
UDP buffer size:  208 KByte (default)
------------------------------------------------------------
[  3] local 10.1.0.2 port 5001 connected with 10.0.0.2 port 59102
[ ID] Interval       Transfer     Bandwidth        Jitter   Lost/Total Datagrams
[  3] 0.0000-10.0023 sec  1.17 GBytes  1.01 Gbits/sec   0.010 ms 969615/1826100 (53%)
`
	tests := []struct {
		name     string
		in       string
		tools    string
		proto    string
		gbps     float64
		retr     int // -1: none
		loss     float64
		received bool
	}{
		{"iperf 2.0.5 client, padded intervals", old, ToolIperf2, "tcp", 0.0129, -1, 0, false},
		{"iperf 2 -e: Write/Err and Rtry", enhanced, ToolIperf2, "tcp", 1.966, 7, 0, false},
		{"iperf 2 UDP server", udpServer, ToolIperf2, "udp", 1.01, -1, 53, true},
		{"iperf3 then iperf 2", fixture(t, "iperf_tcp_p8_10g.txt") + old, ToolIperf + "," + ToolIperf2, "tcp", 9.37, 556, 0, true},
	}
	for _, tt := range tests {
		f, probs := Read(tt.in)
		if len(probs) > 0 || strings.Join(f.Tools, ",") != tt.tools || len(f.Iperf) == 0 {
			t.Fatalf("%s: tools %v, %d runs, problems %+v; want %s", tt.name, f.Tools, len(f.Iperf), probs, tt.tools)
		}
		r := f.Iperf[0]
		retr := -1
		if r.Retransmits != nil {
			retr = *r.Retransmits
		}
		if r.Protocol != tt.proto || !near(r.Gbps, tt.gbps, 1e-9) || retr != tt.retr || (r.ReceiverGbps != nil) != tt.received {
			t.Errorf("%s: %s %v Gbit/s retr %d received %v; want %s %v %d %v", tt.name, r.Protocol, r.Gbps, retr, r.ReceiverGbps != nil, tt.proto, tt.gbps, tt.retr, tt.received)
		}
		if tt.proto == "udp" && (r.LossPct == nil || *r.LossPct != tt.loss) {
			t.Errorf("%s: loss %v, want %v", tt.name, r.LossPct, tt.loss)
		}
		if last := f.Iperf[len(f.Iperf)-1]; !last.Iperf2 {
			t.Errorf("%s: the last run is not read as iperf 2: %+v", tt.name, last)
		}
	}
}

func TestIperfJSONVariants(t *testing.T) {
	tcp := fixture(t, "iperf_tcp_p4_25g.json")
	udp := fixture(t, "iperf_udp_22g.json")
	errDoc := "{\n\t\"start\":\t{\n\t\t\"connected\":\t[],\n\t\t\"version\":\t\"iperf 3.9\"\n\t},\n\t\"intervals\":\t[],\n\t\"end\":\t{\n\t},\n\t\"error\":\t\"unable to connect to server: Connection refused\"\n}\n"
	tests := []struct {
		name    string
		in      string
		runs    int
		protos  string
		errRun  bool
		problem string
	}{
		{"TCP and UDP documents pasted together", tcp + udp, 2, "tcp,udp", false, ""},
		{"a document cut in half", tcp[:len(tcp)/2], 0, "", false, "cut or not valid JSON"},
		{"iperf3's own error", errDoc, 1, "tcp", true, ""},
		{"text and JSON together", fixture(t, "iperf_udp_9g.txt") + tcp, 2, "udp,tcp", false, ""},
	}
	for _, tt := range tests {
		f, probs := Read(tt.in)
		if len(f.Iperf) != tt.runs || !hasProblem(probs, tt.problem) {
			t.Fatalf("%s: %d runs, problems %+v; want %d, problem %q", tt.name, len(f.Iperf), probs, tt.runs, tt.problem)
		}
		var protos []string
		for _, r := range f.Iperf {
			protos = append(protos, r.Protocol)
		}
		if strings.Join(protos, ",") != tt.protos {
			t.Errorf("%s: protocols %v, want %s", tt.name, protos, tt.protos)
		}
		if tt.errRun && f.Iperf[0].Error == "" {
			t.Errorf("%s: the error was not kept", tt.name)
		}
	}
}

func TestRateScale(t *testing.T) {
	for unit, want := range map[string]float64{"Gbits/sec": 1, "Mbits/sec": 1e-3, "Kbits/sec": 1e-6, "bits/sec": 1e-9, "GBytes/sec": 8.589934592} {
		got, ok := rateScale(unit)
		if !ok || !near(got, want, 1e-12) {
			t.Errorf("rateScale(%q) = %v, %v; want %v", unit, got, ok, want)
		}
	}
	if _, ok := rateScale("Gbits"); ok {
		t.Errorf("rateScale(Gbits) accepted a unit without /sec")
	}
}
