package io.contend.cli.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.contend.cli.InProcess;
import io.contend.load.Shard;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobSpec;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * deploy/k8s's manifests, read into the Kubernetes API's model classes (fabric8's; a field the API does not know
 * lands in a model's additional properties, and {@link #assertNoUnknownFields} fails on it), and
 * checked for what a sharded run needs: an Indexed Job whose pods all run, none retried, each told the shard
 * count, writing to the shared results volume; and a stress command line that contend accepts.
 */
class KubernetesManifestTest {
    private static final KubernetesSerialization YAML = new KubernetesSerialization();

    private static Path deploy() {
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            if (Files.isDirectory(d.resolve("deploy/k8s"))) {
                return d.resolve("deploy");
            }
        }
        throw new AssertionError("no deploy/k8s above " + Path.of("").toAbsolutePath());
    }

    private static <T> T read(Path file, Class<T> type) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return YAML.unmarshal(in, type);
        }
    }

    @Test
    void theStressJobIsAnIndexedJobOfOneShardPerPod() throws IOException {
        Job job = read(deploy().resolve("k8s/stress-job.yaml"), Job.class);
        assertNoUnknownFields(job, "Job");
        assertEquals("batch/v1", job.getApiVersion());
        assertEquals("Job", job.getKind());
        JobSpec spec = job.getSpec();
        assertEquals("Indexed", spec.getCompletionMode(), "JOB_COMPLETION_INDEX is set in Indexed Jobs only");
        assertEquals(spec.getCompletions(), spec.getParallelism(), "every shard runs at once");
        assertEquals(0, spec.getBackoffLimitPerIndex(), "a retried shard would start after the agreed start");
        assertEquals(spec.getCompletions(), spec.getMaxFailedIndexes(), "a failed shard does not end the others");
        PodSpec pod = spec.getTemplate().getSpec();
        assertEquals("Never", pod.getRestartPolicy());
        assertEquals(1, pod.getContainers().size());
        Container container = pod.getContainers().get(0);
        Map<String, String> env = container.getEnv().stream().collect(Collectors.toMap(EnvVar::getName, EnvVar::getValue));
        assertEquals(String.valueOf(spec.getCompletions()), env.get(Shard.COUNT_VARIABLE),
                Shard.COUNT_VARIABLE + " must equal completions");
        assertNotNull(env.get("START_AT"));
        assertNotNull(container.getResources().getRequests().get("cpu"), "a generator needs its CPUs reserved");

        Volume volume = pod.getVolumes().stream().filter(v -> v.getPersistentVolumeClaim() != null).findFirst().orElseThrow();
        assertEquals("/results", container.getVolumeMounts().stream().filter(m -> m.getName().equals(volume.getName()))
                .findFirst().orElseThrow().getMountPath());
        PersistentVolumeClaim claim = (PersistentVolumeClaim) resources().stream()
                .filter(r -> r instanceof PersistentVolumeClaim).findFirst().orElseThrow();
        assertEquals(claim.getMetadata().getName(), volume.getPersistentVolumeClaim().getClaimName());
        assertTrue(claim.getSpec().getAccessModes().contains("ReadWriteMany"), "every shard pod mounts it");

        String script = String.join(" ", container.getCommand());
        assertTrue(script.contains("--start-at \"$START_AT\""), script);
        assertTrue(script.contains("shard-$JOB_COMPLETION_INDEX.hlog"), script);
    }

    /**
     * The Job's stress command, with the variables a pod would have, is one contend accepts: every option and value
     * is checked by --dry-run, which runs nothing; and the same line with a misspelt option is refused, so the
     * check can fail.
     */
    @Test
    void theJobsCommandLineIsOneContendAccepts() throws IOException {
        Job job = read(deploy().resolve("k8s/stress-job.yaml"), Job.class);
        Container container = job.getSpec().getTemplate().getSpec().getContainers().get(0);
        String script = container.getCommand().get(container.getCommand().size() - 1);
        Matcher m = Pattern.compile("contend\\.jar (stress .*)").matcher(script);
        assertTrue(m.find(), script);
        String start = java.time.Instant.now().plusSeconds(3600).truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString();
        List<String> args = new ArrayList<>();
        for (String word : m.group(1).split("\\s+")) {
            args.add(word.replace("\"$TARGET_URL\"", "http://127.0.0.1:1/").replace("\"$START_AT\"", start)
                    .replace("$JOB_COMPLETION_INDEX", "0").replace("\"", ""));
        }
        args.addAll(List.of("--shard", "0/" + job.getSpec().getCompletions(), "--dry-run"));
        InProcess contend = new InProcess();
        assertEquals(0, contend.run(args.toArray(new String[0])), contend.err());
        assertTrue(contend.out().contains("dry run, nothing was run"), contend.out());
        assertTrue(contend.out().contains("starting at " + start), contend.out());

        List<String> misspelt = new ArrayList<>(args);
        misspelt.set(misspelt.indexOf("--warmup"), "--warm-up");
        assertEquals(2, contend.run(misspelt.toArray(new String[0])), "a misspelt option is refused");
    }

    @Test
    void theResultsFileHoldsTheVolumeAndAPodToCopyFrom() throws IOException {
        List<HasMetadata> resources = resources();
        assertEquals(2, resources.size());
        for (HasMetadata r : resources) {
            assertNoUnknownFields(r, r.getKind());
        }
        Pod pod = (Pod) resources.stream().filter(r -> r instanceof Pod).findFirst().orElseThrow();
        assertEquals("contend-results", pod.getSpec().getVolumes().get(0).getPersistentVolumeClaim().getClaimName());
        assertEquals("/results", pod.getSpec().getContainers().get(0).getVolumeMounts().get(0).getMountPath());
    }

    /** Walks the model's getters: every additionalProperties map must be empty (a misspelt field lands there). */
    private static void assertNoUnknownFields(Object node, String path) {
        if (node == null || !node.getClass().getName().startsWith("io.fabric8.kubernetes.api.model")) {
            if (node instanceof List) {
                int i = 0;
                for (Object item : (List<?>) node) {
                    assertNoUnknownFields(item, path + "[" + i++ + "]");
                }
            }
            return;
        }
        for (java.lang.reflect.Method getter : node.getClass().getMethods()) {
            if (getter.getParameterCount() != 0 || !getter.getName().startsWith("get") || getter.getName().equals("getClass")) {
                continue;
            }
            Object value;
            try {
                value = getter.invoke(node);
            } catch (ReflectiveOperationException e) {
                throw new AssertionError(path + "." + getter.getName(), e);
            }
            if (getter.getName().equals("getAdditionalProperties")) {
                assertTrue(value == null || ((Map<?, ?>) value).isEmpty(), path + " has fields the API does not know: " + value);
            } else {
                assertNoUnknownFields(value, path + "." + getter.getName().substring(3));
            }
        }
    }

    private static List<HasMetadata> resources() throws IOException {
        try (InputStream in = Files.newInputStream(deploy().resolve("k8s/results.yaml"))) {
            Object parsed = YAML.unmarshal(in);
            @SuppressWarnings("unchecked")
            List<HasMetadata> list = parsed instanceof List ? (List<HasMetadata>) parsed : List.of((HasMetadata) parsed);
            return list;
        }
    }
}
