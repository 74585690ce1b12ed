package main

import (
	"bytes"
	"fmt"
	"os"
	"path"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/engine/luck"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/yaml"
)

// The cluster manifest of docs/cluster.md is decoded with the Kubernetes
// API types themselves, strictly: a misspelt or misplaced field (say
// completionsMode, or args under the pod) is an error here rather than
// something the API server drops or refuses on the day of the run.

const manifestPath = "../../docs/cluster/exact-job.yaml"

// manifestDocs splits the manifest into its YAML documents and decodes
// each strictly into the type its kind names.
func manifestDocs(t *testing.T) (*batchv1.Job, *corev1.PersistentVolumeClaim) {
	t.Helper()
	data, err := os.ReadFile(manifestPath)
	if err != nil {
		t.Fatal(err)
	}
	var job *batchv1.Job
	var pvc *corev1.PersistentVolumeClaim
	for i, doc := range regexp.MustCompile(`(?m)^---\s*$`).Split(string(data), -1) {
		var head struct {
			APIVersion string `json:"apiVersion"`
			Kind       string `json:"kind"`
		}
		if err := yaml.Unmarshal([]byte(doc), &head); err != nil {
			t.Fatalf("%s: document %d: %v", manifestPath, i+1, err)
		}
		var into any
		switch head.APIVersion + " " + head.Kind {
		case "batch/v1 Job":
			job = new(batchv1.Job)
			into = job
		case "v1 PersistentVolumeClaim":
			pvc = new(corev1.PersistentVolumeClaim)
			into = pvc
		default:
			t.Fatalf("%s: document %d: unexpected %s %s", manifestPath, i+1, head.APIVersion, head.Kind)
		}
		if err := yaml.UnmarshalStrict([]byte(doc), into); err != nil {
			t.Fatalf("%s: document %d (%s): %v", manifestPath, i+1, head.Kind, err)
		}
	}
	if job == nil || pvc == nil {
		t.Fatalf("%s: want a Job and a PersistentVolumeClaim, got job %v, claim %v", manifestPath, job != nil, pvc != nil)
	}
	return job, pvc
}

func TestClusterManifest(t *testing.T) {
	job, pvc := manifestDocs(t)
	spec := job.Spec
	if spec.CompletionMode == nil || *spec.CompletionMode != batchv1.IndexedCompletion {
		t.Fatalf("completionMode %v, want Indexed: pods need their index to pick a shard", spec.CompletionMode)
	}
	if spec.Completions == nil || *spec.Completions < 1 {
		t.Fatalf("completions %v, want N ≥ 1", spec.Completions)
	}
	N := int(*spec.Completions)
	if p := spec.Parallelism; p == nil || *p < 1 || int(*p) > N {
		t.Errorf("parallelism %v, want 1..%d", p, N)
	}
	pod := spec.Template.Spec
	if pod.RestartPolicy != corev1.RestartPolicyNever && pod.RestartPolicy != corev1.RestartPolicyOnFailure {
		t.Errorf("restartPolicy %q: a Job's pods must not restart Always", pod.RestartPolicy)
	}
	if len(pod.Containers) != 1 {
		t.Fatalf("%d containers, want 1", len(pod.Containers))
	}
	c := pod.Containers[0]

	// The variable that carries the index, and its value for shard k.
	indexVar := "JOB_COMPLETION_INDEX" // set by the Job controller
	for _, e := range c.Env {
		if e.ValueFrom != nil && e.ValueFrom.FieldRef != nil &&
			e.ValueFrom.FieldRef.FieldPath == "metadata.annotations['batch.kubernetes.io/job-completion-index']" {
			indexVar = e.Name
		}
	}
	expand := func(s string, k int) string { return strings.ReplaceAll(s, "$("+indexVar+")", strconv.Itoa(k)) }

	args := c.Args
	if len(c.Command) > 0 {
		t.Errorf("command %v: the image's entrypoint is bridgereport, give args only", c.Command)
	}
	flag := func(name string) (string, bool) {
		for i, a := range args {
			if (a == name || a == "-"+strings.TrimLeft(name, "-") || a == "--"+strings.TrimLeft(name, "-")) && i+1 < len(args) {
				return args[i+1], true
			}
			if v, ok := strings.CutPrefix(a, name+"="); ok {
				return v, true
			}
		}
		return "", false
	}
	if len(args) == 0 || args[0] != "simulate" || !contains(args, "--exact") {
		t.Fatalf("args %v: want simulate … --exact …", args)
	}
	shard, ok := flag("--shard")
	if !ok {
		t.Fatalf("args %v: no --shard", args)
	}
	seen := map[luck.Shard]bool{}
	for k := range N {
		sh, err := luck.ParseShard(expand(shard, k), strconv.Itoa(k))
		if err != nil {
			t.Fatalf("--shard %s for pod %d: %v", shard, k, err)
		}
		if sh.N != N || sh.K != k {
			t.Fatalf("--shard %s for pod %d is shard %s; completions is %d: K must be the pod's index and N the completions", shard, k, sh, N)
		}
		seen[sh] = true
	}
	if len(seen) != N {
		t.Errorf("--shard %s gives %d distinct shards to %d pods", shard, len(seen), N)
	}

	// Each pod writes its own part onto the claim's volume.
	out, ok := flag("-o")
	if !ok {
		t.Fatalf("args %v: no -o", args)
	}
	if expand(out, 0) == expand(out, 1) {
		t.Errorf("-o %s: every pod would write the same file", out)
	}
	var mount *corev1.VolumeMount
	for i, m := range c.VolumeMounts {
		if strings.HasPrefix(path.Clean(out), path.Clean(m.MountPath)+"/") {
			mount = &c.VolumeMounts[i]
		}
	}
	if mount == nil {
		t.Fatalf("-o %s is on no volume mount (%v): the parts would vanish with the pods", out, c.VolumeMounts)
	}
	if mount.ReadOnly {
		t.Errorf("volume mount %s is read-only", mount.MountPath)
	}
	var claim string
	for _, v := range pod.Volumes {
		if v.Name == mount.Name && v.PersistentVolumeClaim != nil {
			claim = v.PersistentVolumeClaim.ClaimName
		}
	}
	if claim == "" || claim != pvc.Name {
		t.Errorf("volume %q: claim %q, want the manifest's PersistentVolumeClaim %q", mount.Name, claim, pvc.Name)
	}
	if !containsMode(pvc.Spec.AccessModes, corev1.ReadWriteMany) {
		t.Errorf("claim %s: access modes %v; pods on many nodes write at once: ReadWriteMany", pvc.Name, pvc.Spec.AccessModes)
	}
	if c.Image == "" || !strings.Contains(c.Image, "bridgereport") {
		t.Errorf("image %q", c.Image)
	}
}

// TestDockerfile checks what the manifest relies on: a static binary
// (CGO_ENABLED=0) of ./cmd/bridgereport as the entrypoint, built by the Go
// release that go.mod names.
func TestDockerfile(t *testing.T) {
	data, err := os.ReadFile("../../Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	mod, err := os.ReadFile("../../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	goLine := regexp.MustCompile(`(?m)^go (\d+\.\d+)`).FindSubmatch(mod)
	if goLine == nil {
		t.Fatal("go.mod has no go line")
	}
	for _, want := range []string{
		fmt.Sprintf("FROM golang:%s", goLine[1]),
		"CGO_ENABLED=0",
		"./cmd/bridgereport",
		`ENTRYPOINT ["/usr/local/bin/bridgereport"]`,
		"COPY --from=build /out/bridgereport /usr/local/bin/bridgereport",
	} {
		if !bytes.Contains(data, []byte(want)) {
			t.Errorf("Dockerfile lacks %q", want)
		}
	}
	if n := len(regexp.MustCompile(`(?m)^FROM `).FindAll(data, -1)); n != 2 {
		t.Errorf("%d stages, want 2 (build, run)", n)
	}
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func containsMode(xs []corev1.PersistentVolumeAccessMode, x corev1.PersistentVolumeAccessMode) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
