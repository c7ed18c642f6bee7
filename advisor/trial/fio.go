package trial

import (
	"strconv"
	"strings"
)

// readFio reads fio's text report (fio 3.x), one run per job or group:
//
//	seq: (g=0): rw=read, bs=(R) 1024KiB-1024KiB, (W) …, ioengine=libaio, iodepth=32
//	seq: (groupid=0, jobs=1): err= 0: pid=1234: Wed Dec  2 10:00:00 2026
//	  read: IOPS=3052, BW=3052MiB/s (3200MB/s)(179GiB/60001msec)
//	  write: IOPS=490, BW=7842KiB/s (8030kB/s)(766MiB/100054msec); 0 zone resets
//
// Rates are kept in decimal MB/s, the figure fio puts in parentheses.
func readFio(lines []string, f *Facts) {
	type head struct{ rw, bs string }
	heads := map[string]head{}
	var cur *FioRun
	for _, raw := range lines {
		s := strings.TrimSpace(raw)
		if name, rest, ok := strings.Cut(s, ": (g="); ok && !strings.Contains(name, " ") {
			// the job's settings: rw= and bs=(R) …
			h := head{}
			for _, part := range strings.Split(rest, ", ") {
				if _, v, ok := strings.Cut(part, "rw="); ok && (strings.HasPrefix(part, "rw=") || strings.Contains(part, " rw=")) {
					h.rw = v
				}
				if v, ok := strings.CutPrefix(part, "bs=(R) "); ok {
					h.bs, _, _ = strings.Cut(v, "-")
				}
			}
			heads[name] = h
			continue
		}
		if name, rest, ok := strings.Cut(s, ": (groupid="); ok && !strings.Contains(name, " ") {
			f.Fio = append(f.Fio, FioRun{Name: name, RW: heads[name].rw, BlockSize: heads[name].bs})
			cur = &f.Fio[len(f.Fio)-1]
			if _, j, ok := strings.Cut(rest, "jobs="); ok {
				cur.Jobs, _ = strconv.Atoi(strings.TrimRight(strings.SplitN(j, ")", 2)[0], " "))
			}
			if _, e, ok := strings.Cut(rest, "err="); ok {
				cur.Err, _ = strconv.Atoi(strings.TrimSpace(strings.SplitN(e, ":", 2)[0]))
			}
			continue
		}
		if cur == nil {
			continue
		}
		for _, dir := range []string{"read", "write"} {
			v, ok := strings.CutPrefix(s, dir+": IOPS=")
			if !ok {
				continue
			}
			iops, bw, ok := fioRates(v)
			if !ok {
				continue
			}
			if dir == "read" {
				cur.ReadIOPS, cur.ReadMBs = &iops, &bw
			} else {
				cur.WriteIOPS, cur.WriteMBs = &iops, &bw
			}
		}
	}
	if len(f.Fio) > 0 {
		f.Tools = append(f.Tools, ToolFio)
	}
}

// fioRates reads "50.7k, BW=198MiB/s (208MB/s)(3837MiB/19380msec)": the
// IOPS and the decimal rate in MB/s.
func fioRates(v string) (iops, mbs float64, ok bool) {
	n, rest, found := strings.Cut(v, ", BW=")
	if !found {
		return 0, 0, false
	}
	iops, ok = scaled(n, map[string]float64{"": 1, "k": 1e3, "M": 1e6})
	if !ok {
		return 0, 0, false
	}
	_, p, found := strings.Cut(rest, "(")
	if !found {
		return 0, 0, false
	}
	p, _, _ = strings.Cut(p, ")")
	p = strings.TrimSuffix(p, "/s")
	mbs, ok = scaled(strings.TrimSuffix(p, "B"), map[string]float64{"": 1e-6, "k": 1e-3, "M": 1, "G": 1e3, "T": 1e6})
	return iops, mbs, ok
}

// scaled reads a number with a unit prefix after it ("50.7k", "208M").
func scaled(s string, units map[string]float64) (float64, bool) {
	s = strings.TrimSpace(s)
	i := len(s)
	for i > 0 && (s[i-1] < '0' || s[i-1] > '9') {
		i--
	}
	mult, ok := units[s[i:]]
	if !ok {
		return 0, false
	}
	v, err := strconv.ParseFloat(s[:i], 64)
	if err != nil || v < 0 {
		return 0, false
	}
	return v * mult, true
}

// readLsblk reads lsblk's table with a ROTA column (lsblk -d -o
// NAME,ROTA,SIZE,MODEL): ROTA 1 is a rotational (spinning) disk.
func readLsblk(lines []string, f *Facts) {
	var cols []string
	for _, raw := range lines {
		fields := strings.Fields(raw)
		if len(fields) >= 2 && fields[0] == "NAME" && contains(fields, "ROTA") {
			cols = fields
			continue
		}
		if cols == nil {
			continue
		}
		if len(fields) < len(cols)-1 || len(fields) == 0 {
			cols = nil
			continue
		}
		d := Disk{}
		ok := true
		for i, c := range cols {
			if i >= len(fields) {
				break
			}
			v := fields[i]
			switch c {
			case "NAME":
				d.Name = strings.TrimLeft(v, "├└─│`|-")
			case "ROTA":
				ok = v == "0" || v == "1"
				d.Rotational = v == "1"
			case "SIZE":
				d.Size = v
			case "MODEL":
				if i == len(cols)-1 {
					d.Model = strings.Join(fields[i:], " ")
				} else {
					d.Model = v
				}
			}
		}
		if !ok || d.Name == "" {
			cols = nil
			continue
		}
		f.Disks = append(f.Disks, d)
	}
	if len(f.Disks) > 0 {
		f.Tools = append(f.Tools, ToolLsblk)
	}
}
