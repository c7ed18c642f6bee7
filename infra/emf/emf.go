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

type metricDef struct {
	Name string `json:"Name"`
	Unit string `json:"Unit"`
}

type directive struct {
	Namespace  string      `json:"Namespace"`
	Dimensions [][]string  `json:"Dimensions"`
	Metrics    []metricDef `json:"Metrics"`
}

type metadata struct {
	Timestamp         int64       `json:"Timestamp"`
	CloudWatchMetrics []directive `json:"CloudWatchMetrics"`
}

// Line builds one EMF document: the metrics ms under the dimension set
// Function + dims, newline-terminated; nil when no metric is left (a metric
// named like a dimension is dropped).
func (e *Emitter) Line(dims []Dim, ms ...Metric) []byte {
	now := time.Now
	if e.Now != nil {
		now = e.Now
	}
	doc := map[string]any{}
	names := []string{"Function"}
	doc["Function"] = e.Function
	for _, d := range dims {
		if d.Name == "" || d.Name == "Function" || d.Name == "_aws" {
			continue
		}
		if _, dup := doc[d.Name]; dup {
			continue
		}
		v := d.Value
		if v == "" {
			v = "-" // CloudWatch drops a dimension without a value
		}
		names = append(names, d.Name)
		doc[d.Name] = v
	}
	dir := directive{Namespace: Namespace, Dimensions: [][]string{names}}
	for _, m := range ms {
		if _, taken := doc[m.Name]; taken || m.Name == "" || m.Name == "_aws" {
			continue
		}
		dir.Metrics = append(dir.Metrics, metricDef{Name: m.Name, Unit: m.Unit})
		doc[m.Name] = m.Value
	}
	if len(dir.Metrics) == 0 {
		return nil // every name was taken: nothing to extract
	}
	doc["_aws"] = metadata{Timestamp: now().UnixMilli(), CloudWatchMetrics: []directive{dir}}
	b, _ := json.Marshal(doc) // strings, float64s and fixed structs: it cannot fail
	return append(b, '\n')
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
