package bolt

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"gpuadvisor/store"
)

// helperEnv runs TestHelperOpen as the child that opens a store.
const helperEnv = "GPUADVISOR_BOLT_HELPER_OPEN"

// TestHelperOpen is not a test on its own: run by
// TestAReadOnlyFileNamesItsOwner as another user, it opens the store file
// it is given and prints the error.
func TestHelperOpen(t *testing.T) {
	path := os.Getenv(helperEnv)
	if path == "" {
		return // the parent test runs it
	}
	_, err := Open(path, Options{Timeout: 100 * time.Millisecond})
	fmt.Printf("ERR<%v>\n", err)
}

// Issue 25: a store file another user owns answered "did not answer, try
// again". Now the error says whose it is, its permissions, and who may not
// write it. As root (who may write anything) the open runs in a child
// process as nobody; otherwise the file is made read-only.
func TestAReadOnlyFileNamesItsOwner(t *testing.T) {
	dir, err := os.MkdirTemp("", "gpuadvisor-ro-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	os.Chmod(dir, 0o755)
	path := filepath.Join(dir, "g.db")
	s, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	var msg, who string
	if os.Getuid() == 0 {
		os.Chmod(path, 0o644)
		nobody, err := user.Lookup("nobody")
		if err != nil {
			t.Fatalf("no user nobody to run the child as: %v", err)
		}
		uid, _ := strconv.Atoi(nobody.Uid)
		gid, _ := strconv.Atoi(nobody.Gid)
		bin := filepath.Join(dir, "bolt.test") // the go build directory is root's only
		self, _ := os.ReadFile(os.Args[0])
		if err := os.WriteFile(bin, self, 0o755); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(bin, "-test.run", "^TestHelperOpen$")
		cmd.Env = append(os.Environ(), helperEnv+"="+path)
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}}
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("child as nobody: %v\n%s", err, out)
		}
		msg, who = string(out), "nobody (uid "+nobody.Uid+")"
	} else {
		os.Chmod(path, 0o444)
		_, err := Open(path, Options{Timeout: 100 * time.Millisecond})
		msg, who = fmt.Sprint(err), whoami()
	}
	for _, want := range []string{path, "belongs to " + userName("0"), "-rw-r--r--", who + " may not write it", "chmod or chown"} {
		if os.Getuid() != 0 && want == "-rw-r--r--" {
			want = "-r--r--r--"
		}
		if os.Getuid() != 0 && strings.HasPrefix(want, "belongs to") {
			want = "belongs to " + whoami()
		}
		if !strings.Contains(msg, want) {
			t.Errorf("opening another's read-only store: %s\nwant it to say %q", msg, want)
		}
	}
	t.Logf("the message: %s", msg)
	if strings.Contains(msg, "try again") {
		t.Errorf("a permission does not pass by retrying; the message says to: %s", msg)
	}
}

// A missing directory, a full disk and a held lock each say what to do.
func TestExplainNamesTheCause(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "no", "such", "g.db")
	_, err := Inspect(missing, time.Second)
	var fe *store.FaultError
	if !errors.As(err, &fe) || fe.Problem != store.NoDirectory || !strings.Contains(err.Error(), "mkdir -p "+filepath.Dir(missing)) ||
		!errors.Is(err, os.ErrNotExist) {
		t.Errorf("check of a file in a missing directory: %v, want NoDirectory with mkdir -p, still ErrNotExist", err)
	}
	path := filepath.Join(t.TempDir(), "g.db")
	err = explain(path, &os.PathError{Op: "write", Path: path, Err: syscall.ENOSPC})
	if !errors.As(err, &fe) || fe.Problem != store.DiskFull || fe.Free <= 0 || !strings.Contains(fe.Explain("zh"), "磁盘已满（剩余 ") {
		t.Errorf("ENOSPC: %v (free %d), want DiskFull with the free space, in Chinese too", err, fe.Free)
	}
	s, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	_, err = Open(path, Options{Timeout: 50 * time.Millisecond})
	if !errors.As(err, &fe) || fe.Problem != store.Locked || !strings.Contains(fe.Holder, "pid "+strconv.Itoa(os.Getpid())) || !errors.Is(err, ErrLocked) {
		t.Errorf("a held file: %v (holder %q), want Locked naming pid %d, still ErrLocked", err, fe.Holder, os.Getpid())
	}
}
