// Package emf writes CloudWatch metrics as embedded-metric-format (EMF) log
// lines: one JSON object per line on the function's standard output, which
// Lambda sends to CloudWatch Logs, where the metrics are extracted. No SDK,
// no API call, no permission beyond the logs' own, nothing at init: a line
// costs one JSON encoding ("Specification: Embedded metric format", Amazon
// CloudWatch User Guide,
// https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/CloudWatch_Embedded_Metric_Format_Specification.html).
//
// The metric names, their dimensions and how to read them are in
// docs/deploy.md ("Metrics").
package emf

import (
	"encoding/json"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Namespace is the CloudWatch namespace of every metric.
const Namespace = "gpuadvisor"

// Units used here (CloudWatch's names).
const (
	Count        = "Count"
	Milliseconds = "Milliseconds"
)

// The metric names (docs/deploy.md lists each with its dimensions).
const (
	// CommandsAnswered counts requests by Function, Command and Outcome.
	CommandsAnswered = "CommandsAnswered"
	// CommandLatency is the time from a verified request to its delivered
	// answer, by Function and Command.
	CommandLatency = "CommandLatency"
	// Drafts counts drafts by Function and Writer ("llm" or "template").
	Drafts = "Drafts"
	// RemindersSent and RemindersFailed count a reminder run's reminders.
	RemindersSent   = "RemindersSent"
	RemindersFailed = "RemindersFailed"
	// StoreErrors counts failed store calls by Function and Problem.
	StoreErrors = "StoreErrors"
)

// Dim is one dimension: a name and its value.
type Dim struct{ Name, Value string }

// Metric is one value.
type Metric struct {
	Name  string
	Unit  string
	Value float64
}

// Emitter writes EMF lines for one function. A nil Emitter writes nothing.
// It is safe for concurrent use.
type Emitter struct {
	// W receives the lines (the function's os.Stdout).
	W io.Writer
	// Function is the value of the Function dimension on every line.
	Function string
	// Now is the clock; nil means time.Now.
	Now func() time.Time

	mu sync.Mutex
}

// New returns an emitter for function writing to w.
func New(w io.Writer, function string) *Emitter { return &Emitter{W: w, Function: function} }

// Line builds one EMF document: the metrics ms under the dimension set
// Function + dims, newline-terminated; nil when no metric is left (a metric
// named like a dimension, or whose value is not a finite number, is
// dropped). The bytes are what json.Marshal writes for the document as a
// map (members sorted by name, the metadata's in the order of the specification's example, its escaping and number format; a test
// compares the two), written by hand: encoding/json would work out the
// map's and the metadata's types by reflection at every cold start.
func (e *Emitter) Line(dims []Dim, ms ...Metric) []byte {
	now := time.Now
	if e.Now != nil {
		now = e.Now
	}
	members := make([]member, 0, 1+len(dims)+len(ms)+1)
	members = append(members, member{name: "Function", str: e.Function})
	taken := func(name string) bool {
		for _, m := range members {
			if m.name == name {
				return true
			}
		}
		return false
	}
	names := []string{"Function"}
	for _, d := range dims {
		if d.Name == "" || d.Name == "_aws" || taken(d.Name) {
			continue
		}
		v := d.Value
		if v == "" {
			v = "-" // CloudWatch drops a dimension without a value
		}
		names = append(names, d.Name)
		members = append(members, member{name: d.Name, str: v})
	}
	var defs []Metric
	for _, m := range ms {
		if m.Name == "" || m.Name == "_aws" || taken(m.Name) || math.IsNaN(m.Value) || math.IsInf(m.Value, 0) {
			continue
		}
		defs = append(defs, m)
		members = append(members, member{name: m.Name, num: m.Value, isNum: true})
	}
	if len(defs) == 0 {
		return nil // every name was taken: nothing to extract
	}
	members = append(members, member{name: "_aws", aws: true})
	slices.SortFunc(members, func(a, b member) int { return strings.Compare(a.name, b.name) })
	b := make([]byte, 0, 256)
	b = append(b, '{')
	for i, m := range members {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, m.name)
		b = append(b, ':')
		switch {
		case m.aws:
			b = append(b, `{"Timestamp":`...)
			b = strconv.AppendInt(b, now().UnixMilli(), 10)
			b = append(b, `,"CloudWatchMetrics":[{"Namespace":`...)
			b = appendString(b, Namespace)
			b = append(b, `,"Dimensions":[[`...)
			for j, n := range names {
				if j > 0 {
					b = append(b, ',')
				}
				b = appendString(b, n)
			}
			b = append(b, `]],"Metrics":[`...)
			for j, d := range defs {
				if j > 0 {
					b = append(b, ',')
				}
				b = append(b, `{"Name":`...)
				b = appendString(b, d.Name)
				b = append(b, `,"Unit":`...)
				b = appendString(b, d.Unit)
				b = append(b, '}')
			}
			b = append(b, `]}]}`...)
		case m.isNum:
			b = appendFloat(b, m.num)
		default:
			b = appendString(b, m.str)
		}
	}
	return append(b, '}', '\n')
}

// member is one member of a line's object: a dimension (str), a metric's
// value (num) or the _aws metadata.
type member struct {
	name  string
	str   string
	num   float64
	isNum bool
	aws   bool
}

// appendString appends s as json.Marshal writes a string: plain printable
// ASCII as it is, anything else through json.Marshal (its escapes of
// quotes, control characters, <, >, &, U+2028 and invalid UTF-8).
func appendString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			q, _ := json.Marshal(s) // a string cannot fail
			return append(b, q...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// appendFloat appends a finite f as json.Marshal writes a float64: the
// shortest decimal, in exponent form below 1e-6 and from 1e21 on, with a
// one-digit negative exponent not zero-padded.
func appendFloat(b []byte, f float64) []byte {
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}

// Emit writes one line; errors writing it are dropped (a metric never fails
// a request).
func (e *Emitter) Emit(dims []Dim, ms ...Metric) {
	if e == nil || e.W == nil || len(ms) == 0 {
		return
	}
	line := e.Line(dims, ms...)
	if line == nil {
		return
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	e.W.Write(line)
}

// Command records one request: counted by command and outcome, and its
// latency by command.
func (e *Emitter) Command(command, outcome string, took time.Duration) {
	if command == "" {
		command = "-"
	}
	e.Emit([]Dim{{"Command", command}, {"Outcome", outcome}}, Metric{CommandsAnswered, Count, 1})
	e.Emit([]Dim{{"Command", command}}, Metric{CommandLatency, Milliseconds, float64(took.Microseconds()) / 1000})
}

// Draft records a draft written by the LLM (llm true) or from the template.
func (e *Emitter) Draft(llm bool) {
	writer := "template"
	if llm {
		writer = "llm"
	}
	e.Emit([]Dim{{"Writer", writer}}, Metric{Drafts, Count, 1})
}

// Reminders records a reminder run's counts.
func (e *Emitter) Reminders(sent, failed int) {
	e.Emit(nil, Metric{RemindersSent, Count, float64(sent)}, Metric{RemindersFailed, Count, float64(failed)})
}

// StoreError records one failed store call; problem says what kind
// (store.Problem: timeout, throttled, denied, ...).
func (e *Emitter) StoreError(problem string) {
	e.Emit([]Dim{{"Problem", problem}}, Metric{StoreErrors, Count, 1})
}
