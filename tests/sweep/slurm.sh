#!/usr/bin/env bash
# slurm.sh: scripts/sweep --engine slurm on a real single-node Slurm cluster
# started here (munged, slurmctld and slurmd of Debian's slurm-wlm, a
# generated slurm.conf for this host, everything in build/slurm-test.*/,
# stopped at the end, on failure too).  Without a controller the sweep
# stops before writing anything.  The same small sweep through the local
# engine and through a Slurm job array (one run per task; then three per
# task with --no-wait, the gather job alone writing the CSV) gives
# byte-identical CSVs and the same failed.txt; a run lost with its task is
# listed as failed and --resubmit-failed runs it again, giving the same
# CSV.  Skips (exit 77) without the packages (make deps installs them).
set -u
cd "$(dirname "$0")/../.."
for c in munged slurmctld slurmd sbatch squeue sinfo scontrol; do
  command -v $c > /dev/null || { echo "skip: $c not installed (slurm-wlm and munge; make deps installs them)"; exit 77; }
done
fail() { echo "FAIL: $*"; for f in "$d"/slurmctld.log "$d"/slurmd.log; do echo "== $f"; tail -n 15 "$f"; done; exit 1; }
mkdir -p build
d=$(mktemp -d "$PWD/build/slurm-test.XXXXXX")
chmod 755 "$d"	# munged: the socket's directory must be searchable by all

stop() {
  local f pid
  if [ -f "$d/slurm.conf" ]; then SLURM_CONF=$d/slurm.conf scancel --user="$(id -un)" 2> /dev/null; fi
  for f in slurmd slurmctld munged; do
    [ -f "$d/$f.pid" ] || continue
    pid=$(cat "$d/$f.pid")
    kill "$pid" 2> /dev/null
    for _ in 1 2 3 4 5 6 7 8 9 10; do kill -0 "$pid" 2> /dev/null || break; sleep 0.3; done
    kill -9 "$pid" 2> /dev/null
  done
  rm -rf "$d"
}
trap stop EXIT
trap "exit 1" INT TERM

# no controller (no slurm.conf here, none in DNS): one message, exit 2,
# nothing written.  Not on a machine of a real cluster.
if [ ! -e /etc/slurm/slurm.conf ]; then
  env -u SLURM_CONF scripts/sweep --engine slurm --kernels reduction --out "$d/nc" rf.banks=8 2> "$d/nc.err"
  rc=$?
  [ $rc = 2 ] && [ ! -e "$d/nc" ] && grep -q "no Slurm controller answers" "$d/nc.err" ||
    fail "without a controller: exit $rc, $(cat "$d/nc.err")"
fi

# ---- munge: its own key and socket -------------------------------------------
dd if=/dev/urandom of="$d/munge.key" bs=1024 count=1 2> /dev/null
chmod 600 "$d/munge.key"
munged --force --socket="$d/munge.sock" --key-file="$d/munge.key" --log-file="$d/munged.log" \
  --pid-file="$d/munged.pid" --seed-file="$d/munged.seed" ||
  { echo "skip: munged does not start here: $(tail -n 2 "$d/munged.log")"; exit 77; }

# ---- slurm.conf: this host, root everywhere (a container), no cgroups --------
host=$(hostname -s)
port=$((20000 + $$ % 20000))	# two copies of the test get different ports
cat > "$d/slurm.conf" << EOF
ClusterName=gpurftest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=$(id -un)
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$d/munge.sock
CredType=cred/munge
StateSaveLocation=$d/state
SlurmdSpoolDir=$d/spool
SlurmctldPidFile=$d/slurmctld.pid
SlurmdPidFile=$d/slurmd.pid
SlurmctldLogFile=$d/slurmctld.log
SlurmdLogFile=$d/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
mkdir -p "$d/state" "$d/spool"
export SLURM_CONF=$d/slurm.conf
[ "$(id -u)" = 0 ] || { echo "skip: slurmd needs root here"; exit 77; }
slurmctld -c -f "$SLURM_CONF" || fail "slurmctld did not start"
slurmd -f "$SLURM_CONF" || fail "slurmd did not start"
for _ in $(seq 1 40); do
  [ "$(sinfo -h -o %T 2> /dev/null)" = idle ] && break
  sleep 0.5
done
[ "$(sinfo -h -o %T 2> /dev/null)" = idle ] || fail "the node is not idle after 20 s: $(sinfo 2>&1)"

# ---- the same sweep, both engines -----------------------------------------------
# sim.max_cycles=2000 stops every kernel before its end: those runs fail
# with gpurf-sim's message, kept by --keep-going.
export SWEEP_POLL=1
grid=(--kernels reduction,transpose --keep-going sim.max_cycles=2000,1M rf.banks=8,16)
scripts/sweep --out "$d/local" "${grid[@]}" 2> "$d/local.err" || fail "local sweep: $(cat "$d/local.err")"
[ -s "$d/local/failed.txt" ] || fail "the grid has no failing run; it should (sim.max_cycles=2000)"
scripts/sweep --engine slurm --out "$d/s1" "${grid[@]}" 2> "$d/s1.err" || fail "slurm sweep: $(cat "$d/s1.err")"
grep -q "submitted Slurm array .* (8 task(s), 8 run(s))" "$d/s1.err" || fail "not 8 tasks: $(cat "$d/s1.err")"
cmp "$d/local/sweep.csv" "$d/s1/sweep.csv" || fail "CSV differs between the local and the Slurm engine"
cmp "$d/local/failed.txt" "$d/s1/failed.txt" || fail "failed.txt differs"
# three runs per task, without waiting: the gather job writes the CSV
scripts/sweep --engine slurm --chunk 3 --no-wait --out "$d/s3" "${grid[@]}" 2> "$d/s3.err" || fail "chunked: $(cat "$d/s3.err")"
grep -q "(3 task(s), 8 run(s))" "$d/s3.err" || fail "not 3 tasks: $(cat "$d/s3.err")"
gid=$(cat "$d/s3/slurm/gather.id")
for _ in $(seq 1 120); do [ -z "$(squeue -h -j "$gid" -o %i 2> /dev/null)" ] && break; sleep 0.5; done
[ "$(cat "$d/s3/slurm/gather.rc" 2> /dev/null)" = 0 ] || fail "gather job $gid: $(cat "$d/s3/slurm/gather.out")"
cmp "$d/local/sweep.csv" "$d/s3/sweep.csv" || fail "CSV of the chunked array differs"

# ---- a run lost with its task, listed, resubmitted ----------------------------
rm "$d/s1/runs/run0006.json"
scripts/sweep --gather "$d/s1" 2> "$d/g.err"
grep -q "transpose sim.max_cycles=1M rf.banks=8: no result: its Slurm task ended first" "$d/s1/failed.txt" ||
  fail "the lost run is not listed: $(cat "$d/g.err")"
scripts/sweep --resubmit-failed --out "$d/s1" 2> "$d/r.err" || fail "resubmit: $(cat "$d/r.err")"
# the lost run and the runs gpurf-sim refused (they fail again, as before)
grep -q "running 5 run(s) of .* again" "$d/r.err" || fail "resubmitted: $(cat "$d/r.err")"
cmp "$d/local/sweep.csv" "$d/s1/sweep.csv" || fail "CSV after the resubmission differs"
cmp "$d/local/failed.txt" "$d/s1/failed.txt" || fail "failed.txt after the resubmission differs"
echo "slurm: ok"
