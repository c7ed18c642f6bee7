//go:build unix

package bolt

import (
	"bufio"
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
)

// freeBytes is the space left to an unprivileged user under dir; -1 when
// unknown.
func freeBytes(dir string) int64 {
	var st unix.Statfs_t
	if err := unix.Statfs(dir, &st); err != nil {
		return -1
	}
	return int64(st.Bavail) * int64(st.Bsize)
}

// ownerOf names the owner of fi: "alice (uid 1001)".
func ownerOf(fi fs.FileInfo) string {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return userName(strconv.FormatUint(uint64(st.Uid), 10))
	}
	return ""
}

// holder names the process holding bbolt's lock (flock) on path:
// "gpuadvisor serve, pid 4242", from /proc/locks and the process's command
// line (Linux); "" when it cannot tell.
func holder(path string) string {
	fi, err := os.Stat(path)
	if err != nil {
		return ""
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return ""
	}
	f, err := os.Open("/proc/locks")
	if err != nil {
		return ""
	}
	defer f.Close()
	dev := fmt.Sprintf("%02x:%02x:%d", unix.Major(uint64(st.Dev)), unix.Minor(uint64(st.Dev)), st.Ino)
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		// 1: FLOCK  ADVISORY  WRITE 4242 08:01:1234567 0 EOF
		fields := strings.Fields(sc.Text())
		if len(fields) < 6 || fields[1] != "FLOCK" || fields[5] != dev {
			continue
		}
		pid := fields[4]
		if pid == strconv.Itoa(os.Getpid()) && fields[3] != "WRITE" {
			continue
		}
		return describeProcess(pid)
	}
	return ""
}

// describeProcess is "gpuadvisor serve, pid 4242": the program's name and
// its subcommand, read from /proc/PID/cmdline.
func describeProcess(pid string) string {
	b, err := os.ReadFile("/proc/" + pid + "/cmdline")
	args := strings.Split(string(bytes.TrimRight(b, "\x00")), "\x00")
	if err != nil || len(args) == 0 || args[0] == "" {
		return "pid " + pid
	}
	name := filepath.Base(args[0])
	for _, a := range args[1:] {
		switch a {
		case "serve", "remind", "store", "renewal", "price", "settings", "home":
			return name + " " + a + ", pid " + pid
		}
	}
	return name + ", pid " + pid
}
