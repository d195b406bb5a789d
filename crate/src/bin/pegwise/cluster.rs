//! The cluster options of `stats`, `dump` and `tables` (the `distributed` feature): worker
//! threads, and the processes of a cluster with their hostfile.

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;

use pegwise::error::JobError;
use pegwise::generate::outcore::cluster::Cluster;
use pegwise::Error;

/// How to spread the out-of-core generator over threads and processes (docs/distributed.md).
#[derive(Args, Clone, Default)]
pub struct ClusterArgs {
    /// Worker threads in this process, each with its share of the levels (implies
    /// --out-of-core and the dataflow engine).
    #[arg(long)]
    pub workers: Option<usize>,
    /// The processes' addresses, one host:port a line (process 0 first); every process gets
    /// the same file. Without it, processes listen on 127.0.0.1 from port 2101 up.
    #[arg(long)]
    pub hostfile: Option<PathBuf>,
    /// Processes in the cluster (default: the hostfile's lines).
    #[arg(long)]
    pub processes: Option<usize>,
    /// This process's index, from 0 (process 0 reports and writes the results).
    #[arg(long)]
    pub process: Option<usize>,
    /// Seconds to wait for every process to connect.
    #[arg(long, default_value = "60")]
    pub connect_timeout: String,
    /// Seconds to wait for the others when no round ends (a stopped process).
    #[arg(long, default_value = "3600")]
    pub stall_timeout: String,
}

/// A positive number of seconds, or an error naming the flag and the value.
fn seconds(flag: &str, text: &str) -> Result<Duration, Error> {
    match text.trim().parse::<f64>() {
        Ok(s) if s.is_finite() && s > 0.0 && s < 1e9 => Ok(Duration::from_secs_f64(s)),
        _ => Err(JobError::Seconds {
            flag: flag.to_string(),
            text: text.to_string(),
        }
        .into()),
    }
}

/// The addresses of a hostfile: one host:port a line; blank lines and `#` comments skipped.
fn read_hostfile(path: &PathBuf) -> Result<Vec<String>, Error> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        Error::from(JobError::HostfileUnreadable {
            path: path.clone(),
            cause: e.into(),
        })
    })?;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let port = line.rsplit_once(':').map(|(_, p)| p.parse::<u16>());
        if !matches!(port, Some(Ok(p)) if p > 0) {
            return Err(JobError::HostfileLine {
                path: path.clone(),
                line: i + 1,
                text: line.to_string(),
            }
            .into());
        }
        out.push(line.to_string());
    }
    Ok(out)
}

impl ClusterArgs {
    /// True when a cluster flag was given (the dataflow engine then runs the job).
    pub fn asked(&self) -> bool {
        self.workers.is_some()
            || self.hostfile.is_some()
            || self.processes.is_some()
            || self.process.is_some()
    }

    /// The cluster, checked.
    pub fn cluster(&self) -> Result<Cluster, Error> {
        let mut addresses = match &self.hostfile {
            Some(path) => read_hostfile(path)?,
            None => (0..self.processes.unwrap_or(1))
                .map(|i| format!("127.0.0.1:{}", 2101 + i))
                .collect(),
        };
        if let Some(n) = self.processes {
            if n == 0 || n > addresses.len() {
                return Err(JobError::Processes {
                    n,
                    named: addresses.len(),
                }
                .into());
            }
            addresses.truncate(n);
        }
        if addresses.is_empty() {
            return Err(JobError::EmptyHostfile.into());
        }
        let cluster = Cluster {
            workers: self.workers.unwrap_or(1),
            process: self.process.unwrap_or(0),
            addresses,
            connect_timeout: seconds("--connect-timeout", &self.connect_timeout)?,
            stall_timeout: seconds("--stall-timeout", &self.stall_timeout)?,
        };
        cluster.check()?;
        Ok(cluster)
    }
}
