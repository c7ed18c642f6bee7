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

	"gpuadvisor/infra/dynamo"
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
