package dynamo_test

import (
	"context"
	"net/http"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"gpuadvisor/chat"
	"gpuadvisor/infra/dynamo"
	"gpuadvisor/infra/dynamo/dynamotest"
	"gpuadvisor/store"
)

// opCounter is an HTTP client that counts the DynamoDB operations sent
// through it (X-Amz-Target: DynamoDB_20120810.PutItem).
type opCounter struct {
	mu  sync.Mutex
	ops []string
}

func (c *opCounter) Do(r *http.Request) (*http.Response, error) {
	c.mu.Lock()
	_, op, _ := strings.Cut(r.Header.Get("X-Amz-Target"), ".")
	c.ops = append(c.ops, op)
	c.mu.Unlock()
	return http.DefaultClient.Do(r)
}

func (c *opCounter) take() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	ops := c.ops
	c.ops = nil
	sort.Strings(ops)
	return strings.Join(ops, " ")
}

// countedStore is a store on a fresh dynalite table whose calls are counted.
func countedStore(t *testing.T) (*dynamo.Store, *opCounter) {
	counter := &opCounter{}
	client := dynamodb.New(dynamodb.Options{Region: "us-east-1", Credentials: credentials.NewStaticCredentialsProvider("test", "test", ""),
		BaseEndpoint: aws.String(dynamotest.Endpoint(t)), HTTPClient: counter})
	st := dynamo.New(client, dynamotest.NewTable(t, client), dynamo.Options{})
	counter.take() // the table's creation
	return st, counter
}

// claimRouter answers "look" (it only reads) and "save" (it writes); a
// look by the user "first" waits for wait to close, after saying so on
// routed.
func claimRouter(wait <-chan struct{}, routed chan<- struct{}) *chat.Router {
	r := chat.NewRouter()
	sum := map[chat.Lang]string{chat.EN: "test", chat.ZH: "测试"}
	r.Register(
		&chat.Command{Name: "look", Summary: sum, Examples: []string{"look"}, Writes: chat.Reads,
			Run: func(_ context.Context, c *chat.Call) (chat.Reply, error) {
				if c.Req.User == "first" {
					routed <- struct{}{}
					<-wait
				}
				return chat.Reply{Title: "answered for " + c.Req.User}, nil
			}},
		&chat.Command{Name: "save", Summary: sum, Examples: []string{"save"}, Writes: chat.AlwaysWrites,
			Run: func(context.Context, *chat.Call) (chat.Reply, error) { return chat.Reply{Title: "saved"}, nil }})
	return r
}

// TestOneClaimWriteForAnAnswerInTheResponse (dynalite): a slash command
// that only reads costs one conditional PutItem before its answer (no lease
// and done mark), and its key is done afterwards; one that writes still
// costs two; a redelivery of either is a duplicate.
func TestOneClaimWriteForAnAnswerInTheResponse(t *testing.T) {
	st, counter := countedStore(t)
	p := &chat.Pipeline{Router: claimRouter(nil, nil), Deduper: st, Keep: time.Hour}
	for _, tc := range []struct{ text, ops string }{
		{"look", "PutItem"},
		{"save", "PutItem PutItem"},
	} {
		d := chat.Delivery{Key: "slack:trigger:" + tc.text, Request: chat.Request{Text: tc.text}, InResponse: true,
			Deliver: func(context.Context, chat.Reply, chat.Outcome) error { return nil }}
		if res := p.Answer(context.Background(), d); res.Outcome != chat.Answered {
			t.Fatalf("%s: %s (%v), want answered", tc.text, res.Outcome, res.Err)
		}
		if got := counter.take(); got != tc.ops {
			t.Errorf("%s: DynamoDB calls %q, want %q", tc.text, got, tc.ops)
		}
		if res := p.Answer(context.Background(), d); res.Outcome != chat.Duplicate {
			t.Errorf("%s redelivered: %s, want duplicate", tc.text, res.Outcome)
		}
		counter.take()
	}
}

// TestClaimRaceAnswersOnce (dynalite): a retry that arrives while the first
// delivery is still routing answers; the first, claiming after it, finds the
// key done and answers nothing. A delivery answering the lease's way (an
// older version, a deferred reply) makes a delivery claiming in one write
// wait: in_progress.
func TestClaimRaceAnswersOnce(t *testing.T) {
	st, _ := countedStore(t)
	wait, routed := make(chan struct{}), make(chan struct{}, 1)
	p := &chat.Pipeline{Router: claimRouter(wait, routed), Deduper: st, Keep: time.Hour}
	var mu sync.Mutex
	var answers []string
	delivery := func(key, who string) chat.Delivery {
		return chat.Delivery{Key: key, Request: chat.Request{Text: "look", User: who}, InResponse: true,
			Deliver: func(_ context.Context, rep chat.Reply, _ chat.Outcome) error {
				mu.Lock()
				defer mu.Unlock()
				answers = append(answers, rep.Title)
				return nil
			}}
	}
	first := make(chan chat.Result)
	go func() { first <- p.Answer(context.Background(), delivery("slack:trigger:race", "first")) }()
	<-routed
	retry := p.Answer(context.Background(), delivery("slack:trigger:race", "retry"))
	close(wait)
	r1 := <-first
	if retry.Outcome != chat.Answered || r1.Outcome != chat.Duplicate {
		t.Errorf("retry %s (%v), first %s (%v); want the retry answered and the first a duplicate", retry.Outcome, retry.Err, r1.Outcome, r1.Err)
	}
	if len(answers) != 1 || answers[0] != "answered for retry" {
		t.Errorf("delivered %q, want one answer, the retry's", answers)
	}

	if c, err := st.Lease(context.Background(), "slack:trigger:leased", time.Minute); c != store.Claimed || err != nil {
		t.Fatalf("lease: %s, %v", c, err)
	}
	if res := p.Answer(context.Background(), delivery("slack:trigger:leased", "retry")); res.Outcome != chat.InProgress {
		t.Errorf("a leased key: %s (%v), want in_progress", res.Outcome, res.Err)
	}
	if len(answers) != 1 {
		t.Errorf("delivered %q, want nothing more", answers)
	}
}
