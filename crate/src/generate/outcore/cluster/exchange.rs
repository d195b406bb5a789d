//! The one dataflow a cluster job runs: every worker hands it batches of codes addressed to
//! other workers, timely's `Exchange` pact carries each batch to its worker, and timely's
//! progress tracking says when every worker has sent and received everything of a round.
//!
//! A round is one timestamp. All workers take part in every round, in the same order, so a
//! round is a barrier as well as an exchange (a superstep): the job's steps are written as
//! plain code on each worker, with a round wherever data must move or all must agree.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

use timely::container::CapacityContainerBuilder;
use timely::dataflow::channels::pact::Exchange;
use timely::dataflow::operators::{Input, Operator, Probe};
use timely::dataflow::{InputHandle, ProbeHandle};
use timely::worker::Worker;

/// A batch: (to worker, from worker, codes).
type Batch = (u32, u32, Vec<u64>);
/// What arrived, by round.
type Inbox = Rc<RefCell<BTreeMap<u64, Vec<(u32, Vec<u64>)>>>>;

/// A worker's end of the exchange.
pub struct Rounds<'w> {
    worker: &'w mut Worker,
    input: InputHandle<u64, CapacityContainerBuilder<Vec<Batch>>>,
    probe: ProbeHandle<u64>,
    inbox: Inbox,
    round: u64,
    /// Codes this worker sent to other workers (not to itself), in all.
    pub sent_away: u64,
    /// Called after every round (the watchdog's heartbeat).
    beat: Box<dyn Fn() + 'w>,
}

impl<'w> Rounds<'w> {
    /// Builds the dataflow on `worker`; `beat` is called whenever a round ends.
    pub fn new(worker: &'w mut Worker, beat: Box<dyn Fn() + 'w>) -> Rounds<'w> {
        let mut input = InputHandle::new();
        let probe = ProbeHandle::new();
        let inbox: Inbox = Default::default();
        let sink = inbox.clone();
        worker.dataflow::<u64, _, _>(|scope| {
            scope
                .input_from(&mut input)
                .unary::<CapacityContainerBuilder<Vec<()>>, _, _, _>(
                    Exchange::new(|b: &Batch| u64::from(b.0)),
                    "Deliver",
                    move |_, _| {
                        move |batches, _| {
                            batches.for_each(|cap, data: &mut Vec<Batch>| {
                                let Some(&t) = cap.least() else { return };
                                let mut inbox = sink.borrow_mut();
                                let slot = inbox.entry(t).or_default();
                                slot.extend(data.drain(..).map(|(_, from, codes)| (from, codes)));
                            })
                        }
                    },
                )
                .probe_with(&probe);
        });
        Rounds {
            worker,
            input,
            probe,
            inbox,
            round: 0,
            sent_away: 0,
            beat,
        }
    }

    /// This worker's index among all workers.
    pub fn index(&self) -> usize {
        self.worker.index()
    }

    /// The number of workers.
    pub fn peers(&self) -> usize {
        self.worker.peers()
    }

    /// One round: sends `out[k]` to worker k (empty ones are not sent) and returns what every
    /// worker sent here, as (from, codes), ordered by sender. Every worker must call it.
    pub fn exchange(&mut self, out: Vec<Vec<u64>>) -> Vec<(u32, Vec<u64>)> {
        let me = self.index() as u32;
        for (to, codes) in out.into_iter().enumerate() {
            if !codes.is_empty() {
                if to as u32 != me {
                    self.sent_away += codes.len() as u64;
                }
                self.input.send((to as u32, me, codes));
            }
        }
        let t = self.round;
        self.round += 1;
        self.input.advance_to(self.round);
        let probe = &self.probe;
        self.worker.step_while(|| probe.less_than(&(t + 1)));
        (self.beat)();
        let mut got = self.inbox.borrow_mut().remove(&t).unwrap_or_default();
        got.sort_by_key(|(from, _)| *from);
        got
    }

    /// Every worker's `values`, concatenated in worker order (an all-gather).
    pub fn all_gather(&mut self, values: &[u64]) -> Vec<Vec<u64>> {
        let peers = self.peers();
        let got = self.exchange(vec![with_len(values); peers]);
        let mut out = vec![Vec::new(); peers];
        for (from, mut codes) in got {
            codes.pop();
            out[from as usize] = codes;
        }
        out
    }

    /// The sum over workers of `x`.
    pub fn sum(&mut self, x: u64) -> u64 {
        self.all_gather(&[x]).iter().map(|v| v[0]).sum()
    }

    /// The largest over workers of `x`.
    pub fn max(&mut self, x: u64) -> u64 {
        self.all_gather(&[x])
            .iter()
            .map(|v| v[0])
            .max()
            .unwrap_or(0)
    }
}

/// `values` with one more element, so an empty list still travels (an empty batch is not
/// sent) and the receiver can tell "nothing" from "not sent".
fn with_len(values: &[u64]) -> Vec<u64> {
    let mut v = values.to_vec();
    v.push(values.len() as u64);
    v
}
