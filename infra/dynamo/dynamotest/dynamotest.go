package dynamotest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"gpuadvisor/infra/dynamo"
	"gpuadvisor/store"
	"gpuadvisor/store/storetest"
)

// EnvEndpoint names the variable holding a running server's URL.
const EnvEndpoint = "DYNAMO_ENDPOINT"

var (
	once     sync.Once
	endpoint string
	startErr error
	server   *exec.Cmd
)

// Main runs the package's tests and stops a dynalite this package started.
// Use it from TestMain: os.Exit(dynamotest.Main(m)).
func Main(m *testing.M) int {
	code := m.Run()
	if server != nil && server.Process != nil {
		server.Process.Kill()
		server.Wait()
	}
	return code
}

// Endpoint returns the URL of a DynamoDB-compatible server, starting dynalite
// if needed; the test fails when there is none.
func Endpoint(tb testing.TB) string {
	tb.Helper()
	once.Do(func() {
		if e := os.Getenv(EnvEndpoint); e != "" {
			endpoint = e
			return
		}
		endpoint, startErr = start()
	})
	if startErr != nil {
		ci := ""
		if os.Getenv("CI") == "true" {
			ci = " (CI=true: DynamoDB tests must run; the test script must install and start dynalite)"
		}
		tb.Fatalf("no DynamoDB-compatible server%s: %v\nrun ./scripts/test.sh, or `npm ci --prefix scripts/dynalite`, or set %s=http://127.0.0.1:PORT", ci, startErr, EnvEndpoint)
	}
	return endpoint
}

func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no go.mod above the test's directory")
		}
		dir = parent
	}
}

// FreePort asks the kernel for a free loopback TCP port.
func FreePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

func start() (string, error) {
	root, err := repoRoot()
	if err != nil {
		return "", err
	}
	bin := filepath.Join(root, "scripts", "dynalite", "node_modules", ".bin", "dynalite")
	if _, err := os.Stat(bin); err != nil {
		return "", fmt.Errorf("%s is not installed and %s is not set", bin, EnvEndpoint)
	}
	port, err := FreePort()
	if err != nil {
		return "", fmt.Errorf("find a free port: %w", err)
	}
	cmd := exec.Command(bin, "--host", "127.0.0.1", "--port", fmt.Sprint(port), "--createTableMs", "0", "--deleteTableMs", "0")
	cmd.Stderr = os.Stderr // stdout only says where it listens
	dieWithParent(cmd)
	if err := cmd.Start(); err != nil {
		return "", fmt.Errorf("start dynalite: %w", err)
	}
	server = cmd
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	deadline := time.Now().Add(15 * time.Second)
	for {
		c, err := net.DialTimeout("tcp", addr, 200*time.Millisecond)
		if err == nil {
			c.Close()
			return "http://" + addr, nil
		}
		if time.Now().After(deadline) {
			return "", fmt.Errorf("dynalite did not listen on %s within 15 s: %w", addr, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Client returns a DynamoDB client for the test server (static dummy
// credentials, no AWS configuration read).
func Client(tb testing.TB) *dynamodb.Client {
	tb.Helper()
	return dynamodb.New(dynamodb.Options{
		Region:       "us-east-1",
		Credentials:  credentials.NewStaticCredentialsProvider("test", "test", ""),
		BaseEndpoint: aws.String(Endpoint(tb)),
	})
}

// NewTable creates a fresh table with the production schema and deletes it
// when the test ends; it returns the table's name.
func NewTable(tb testing.TB, client *dynamodb.Client) string {
	tb.Helper()
	b := make([]byte, 6)
	rand.Read(b)
	name := "gpuadvisor-test-" + hex.EncodeToString(b)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := dynamo.CreateTable(ctx, client, name); err != nil {
		tb.Fatalf("create test table: %v", err)
	}
	tb.Cleanup(func() {
		client.DeleteTable(context.Background(), &dynamodb.DeleteTableInput{TableName: aws.String(name)})
	})
	return name
}

// NewStore returns a store on a fresh table of the test server.
func NewStore(tb testing.TB, opts dynamo.Options) *dynamo.Store {
	tb.Helper()
	c := Client(tb)
	return dynamo.New(c, NewTable(tb, c), opts)
}

// Spoiler damages items of a table so that they no longer decode: one
// attribute replaced by a map where a string or number stood, its key
// (and its place in the due index) left as it was (storetest.Spoiler).
type Spoiler struct {
	Client *dynamodb.Client
	Table  string
}

// NewSpoiled returns a store on a fresh table and its Spoiler.
func NewSpoiled(tb testing.TB, opts dynamo.Options) (*dynamo.Store, Spoiler) {
	tb.Helper()
	c := Client(tb)
	table := NewTable(tb, c)
	return dynamo.New(c, table, opts), Spoiler{Client: c, Table: table}
}

// Spoil replaces attribute attr of the item pk, sk with a map.
func (sp Spoiler) Spoil(tb testing.TB, pk, sk, attr string) {
	tb.Helper()
	ctx := context.Background()
	key := map[string]types.AttributeValue{"pk": &types.AttributeValueMemberS{Value: pk}, "sk": &types.AttributeValueMemberS{Value: sk}}
	out, err := sp.Client.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(sp.Table), Key: key, ConsistentRead: aws.Bool(true)})
	if err != nil || out.Item == nil {
		tb.Fatalf("spoil %s %s: %v (no item)", pk, sk, err)
	}
	out.Item[attr] = &types.AttributeValueMemberM{Value: map[string]types.AttributeValue{"flipped": &types.AttributeValueMemberS{Value: "E2"}}}
	if _, err := sp.Client.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(sp.Table), Item: out.Item}); err != nil {
		tb.Fatalf("spoil %s %s: %v", pk, sk, err)
	}
}

// SpoilRenewal implements storetest.Spoiler.
func (sp Spoiler) SpoilRenewal(t *testing.T, tenant, id string) {
	sp.Spoil(t, "TENANT#"+tenant, "RENEWAL#"+id, "cards")
}

// SpoilPrice implements storetest.Spoiler.
func (sp Spoiler) SpoilPrice(t *testing.T, tenant, id string) {
	sp.Spoil(t, "TENANT#"+tenant, "PRICE#"+id, "ondemand")
}

// SpoilCheck implements storetest.Spoiler.
func (sp Spoiler) SpoilCheck(t *testing.T, c store.Check) {
	sp.Spoil(t, "TENANT#"+c.Tenant, "CHECK#"+store.CheckTime(c.At)+"#"+c.ID, "at")
}

// SpoilSettings implements storetest.Spoiler.
func (sp Spoiler) SpoilSettings(t *testing.T, tenant string) {
	sp.Spoil(t, "TENANT#"+tenant, "SETTINGS", "market")
}

// SpoilTrial implements storetest.Spoiler.
func (sp Spoiler) SpoilTrial(t *testing.T, tenant, id string) {
	sp.Spoil(t, "TENANT#"+tenant, "TRIAL#"+id, "at")
}

var _ storetest.Spoiler = Spoiler{}
