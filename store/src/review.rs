//! Flashcard review of a glossary, scheduled by FSRS (the `fsrs` crate's
//! scheduler, default parameters, 90% desired retention).
//!
//! A card never reviewed is new and due. Grading a card asks FSRS for the
//! next memory state under each grade and schedules:
//!
//! - Again: in [`AGAIN_DELAY`] (10 minutes: the card comes back in the same
//!   session, as a relearning step);
//! - Hard, Good, Easy: FSRS's interval rounded to whole days, at least one
//!   day, each at least a day longer than the one before (Hard < Good < Easy).
//!
//! The memory state, due time and last review are kept per card, and every
//! grade is logged.

use std::sync::OnceLock;

use fsrs::{FSRS, MemoryState};
use rusqlite::{Connection, OptionalExtension, params};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::cards::{UserCard, load_one};
use super::glossaries::ensure_exists;
use super::{Result, Store, StoreError, Timestamp};

/// The retention FSRS schedules for.
pub const DESIRED_RETENTION: f32 = 0.9;
/// When a card graded Again comes back, in seconds.
pub const AGAIN_DELAY: i64 = 10 * 60;
/// The longest interval, in days (100 years).
pub const MAX_INTERVAL_DAYS: i64 = 36_500;

const DAY: i64 = 86_400;

/// How well the answer was remembered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum Grade {
    Again = 1,
    Hard = 2,
    Good = 3,
    Easy = 4,
}

impl Grade {
    pub const ALL: [Grade; 4] = [Grade::Again, Grade::Hard, Grade::Good, Grade::Easy];

    pub fn parse(s: &str) -> Option<Grade> {
        Some(match s.trim().to_ascii_lowercase().as_str() {
            "again" | "1" => Grade::Again,
            "hard" | "2" => Grade::Hard,
            "good" | "3" => Grade::Good,
            "easy" | "4" => Grade::Easy,
            _ => return None,
        })
    }

    fn from_i64(n: i64) -> Grade {
        match n {
            1 => Grade::Again,
            2 => Grade::Hard,
            4 => Grade::Easy,
            _ => Grade::Good,
        }
    }
}

/// A card to review, with what each grade would schedule.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ReviewCard {
    pub card: UserCard,
    /// The question side: the headword.
    pub front: String,
    /// The answer side: reading and definition.
    pub back: String,
    /// Never reviewed.
    pub is_new: bool,
    #[ts(type = "number")]
    pub due: Timestamp,
    pub reps: u32,
    pub lapses: u32,
    /// Seconds until the card would be due again after each grade (Again,
    /// Hard, Good, Easy).
    #[ts(type = "Array<number>")]
    pub intervals: [i64; 4],
}

/// What a grade did.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ReviewOutcome {
    #[ts(type = "number")]
    pub card_id: i64,
    pub grade: Grade,
    #[ts(type = "number")]
    pub reviewed: Timestamp,
    #[ts(type = "number")]
    pub due: Timestamp,
    pub interval_days: f64,
    pub stability: f64,
    pub difficulty: f64,
}

/// A line of review history.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ReviewLogEntry {
    #[ts(type = "number")]
    pub card_id: i64,
    pub headword: String,
    pub grade: Grade,
    #[ts(type = "number")]
    pub reviewed: Timestamp,
    /// Days since the review before (0 for a first review).
    pub elapsed_days: f64,
    pub interval_days: f64,
    #[ts(type = "number")]
    pub due: Timestamp,
}

/// How many cards of a glossary are due.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct DueSummary {
    #[ts(type = "number")]
    pub glossary_id: i64,
    /// Cards due now, new ones included.
    pub due: u32,
    /// Of those, never reviewed.
    pub new: u32,
    pub total: u32,
    /// The next time a card not yet due falls due.
    #[ts(type = "number | null")]
    pub next_due: Option<Timestamp>,
}

/// The stored FSRS state of a card.
#[derive(Debug, Clone, Copy)]
struct State {
    stability: f32,
    difficulty: f32,
    due: Timestamp,
    last_review: Timestamp,
    reps: u32,
    lapses: u32,
}

fn scheduler() -> &'static FSRS {
    static FSRS_: OnceLock<FSRS> = OnceLock::new();
    FSRS_.get_or_init(FSRS::default)
}

fn state(conn: &Connection, card_id: i64) -> Result<Option<State>> {
    Ok(conn
        .query_row(
            "SELECT stability, difficulty, due, last_review, reps, lapses FROM review_state \
             WHERE card_id = ?1",
            [card_id],
            |r| {
                Ok(State {
                    stability: r.get::<_, f64>(0)? as f32,
                    difficulty: r.get::<_, f64>(1)? as f32,
                    due: r.get(2)?,
                    last_review: r.get(3)?,
                    reps: r.get(4)?,
                    lapses: r.get(5)?,
                })
            },
        )
        .optional()?)
}

/// The next memory state and the delay in seconds under each grade.
fn schedule(st: Option<State>, now: Timestamp) -> Result<[(MemoryState, i64); 4]> {
    let memory = st.map(|s| MemoryState { stability: s.stability, difficulty: s.difficulty });
    let elapsed = st.map(|s| ((now - s.last_review).max(0) / DAY) as u32).unwrap_or(0);
    let next = scheduler()
        .next_states(memory, DESIRED_RETENTION, elapsed)
        .map_err(|e| StoreError::Scheduler(e.to_string()))?;
    let days = |i: f32| (i.round() as i64).clamp(1, MAX_INTERVAL_DAYS);
    let hard = days(next.hard.interval);
    let good = days(next.good.interval).max(hard + 1).min(MAX_INTERVAL_DAYS);
    let easy = days(next.easy.interval).max(good + 1).min(MAX_INTERVAL_DAYS);
    Ok([
        (next.again.memory, AGAIN_DELAY),
        (next.hard.memory, hard * DAY),
        (next.good.memory, good * DAY),
        (next.easy.memory, easy * DAY),
    ])
}

fn front_back(c: &UserCard) -> (String, String) {
    let back = match (c.reading.trim(), c.definition.trim()) {
        ("", d) => d.to_owned(),
        (r, "") => r.to_owned(),
        (r, d) => format!("{r}\n{d}"),
    };
    (c.headword.clone(), back)
}

fn review_card(conn: &Connection, card: UserCard, now: Timestamp) -> Result<ReviewCard> {
    let st = state(conn, card.id)?;
    let sched = schedule(st, now)?;
    let (front, back) = front_back(&card);
    Ok(ReviewCard {
        front,
        back,
        is_new: st.is_none(),
        due: st.map(|s| s.due).unwrap_or(card.created),
        reps: st.map(|s| s.reps).unwrap_or(0),
        lapses: st.map(|s| s.lapses).unwrap_or(0),
        intervals: sched.map(|(_, secs)| secs),
        card,
    })
}

impl Store {
    /// How many cards of a glossary are due at `now`.
    pub fn due_count(&self, glossary_id: i64, now: Timestamp) -> Result<DueSummary> {
        ensure_exists(&self.conn, glossary_id)?;
        let (total, new, due_reviewed, next_due): (u32, u32, u32, Option<Timestamp>) =
            self.conn.query_row(
                "SELECT count(*), \
                        count(*) FILTER (WHERE s.card_id IS NULL), \
                        count(*) FILTER (WHERE s.due <= ?2), \
                        min(s.due) FILTER (WHERE s.due > ?2) \
                 FROM card c LEFT JOIN review_state s ON s.card_id = c.id \
                 WHERE c.glossary_id = ?1",
                params![glossary_id, now],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
            )?;
        Ok(DueSummary { glossary_id, due: new + due_reviewed, new, total, next_due })
    }

    /// The cards due at `now`, in review order: reviewed cards most overdue
    /// first, then new cards in list order. At most `limit`.
    pub fn due_cards(
        &self,
        glossary_id: i64,
        now: Timestamp,
        limit: usize,
    ) -> Result<Vec<ReviewCard>> {
        ensure_exists(&self.conn, glossary_id)?;
        let mut stmt = self.conn.prepare(
            "SELECT c.id FROM card c LEFT JOIN review_state s ON s.card_id = c.id \
             WHERE c.glossary_id = ?1 AND (s.card_id IS NULL OR s.due <= ?2) \
             ORDER BY s.card_id IS NULL, s.due, c.position, c.id LIMIT ?3",
        )?;
        let ids: Vec<i64> = stmt
            .query_map(params![glossary_id, now, limit as i64], |r| r.get(0))?
            .collect::<rusqlite::Result<_>>()?;
        ids.into_iter().map(|id| review_card(&self.conn, load_one(&self.conn, id)?, now)).collect()
    }

    /// The next card to review, if one is due.
    pub fn next_review(&self, glossary_id: i64, now: Timestamp) -> Result<Option<ReviewCard>> {
        Ok(self.due_cards(glossary_id, now, 1)?.pop())
    }

    /// One card's review state (due or not).
    pub fn review_card(&self, card_id: i64, now: Timestamp) -> Result<ReviewCard> {
        review_card(&self.conn, load_one(&self.conn, card_id)?, now)
    }

    /// Records a grade for a card at `now` and schedules its next review.
    pub fn grade(&mut self, card_id: i64, grade: Grade, now: Timestamp) -> Result<ReviewOutcome> {
        self.write(|tx| {
            load_one(tx, card_id)?;
            let st = state(tx, card_id)?;
            let (memory, delay) = schedule(st, now)?[grade as usize - 1];
            let due = now + delay;
            let elapsed =
                st.map(|s| (now - s.last_review).max(0) as f64 / DAY as f64).unwrap_or(0.0);
            let reps = st.map(|s| s.reps).unwrap_or(0) + 1;
            let lapses = st.map(|s| s.lapses).unwrap_or(0)
                + u32::from(grade == Grade::Again && st.is_some());
            tx.execute(
                "INSERT INTO review_state (card_id, stability, difficulty, due, last_review, reps, \
                 lapses) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) \
                 ON CONFLICT (card_id) DO UPDATE SET stability = ?2, difficulty = ?3, due = ?4, \
                 last_review = ?5, reps = ?6, lapses = ?7",
                params![
                    card_id,
                    memory.stability as f64,
                    memory.difficulty as f64,
                    due,
                    now,
                    reps,
                    lapses
                ],
            )?;
            let interval_days = delay as f64 / DAY as f64;
            tx.execute(
                "INSERT INTO review_log (card_id, reviewed, grade, elapsed_days, interval_days, \
                 stability, difficulty, due) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                params![
                    card_id,
                    now,
                    grade as i64,
                    elapsed,
                    interval_days,
                    memory.stability as f64,
                    memory.difficulty as f64,
                    due
                ],
            )?;
            Ok(ReviewOutcome {
                card_id,
                grade,
                reviewed: now,
                due,
                interval_days,
                stability: memory.stability as f64,
                difficulty: memory.difficulty as f64,
            })
        })
    }

    /// The latest grades, newest first: of one card, or of every card of a
    /// glossary.
    pub fn review_history(
        &self,
        card_id: Option<i64>,
        glossary_id: Option<i64>,
        limit: usize,
    ) -> Result<Vec<ReviewLogEntry>> {
        if let Some(c) = card_id {
            load_one(&self.conn, c)?;
        }
        if let Some(g) = glossary_id {
            ensure_exists(&self.conn, g)?;
        }
        let mut stmt = self.conn.prepare(
            "SELECT l.card_id, l.grade, l.reviewed, l.elapsed_days, l.interval_days, l.due \
             FROM review_log l JOIN card c ON c.id = l.card_id \
             WHERE (?1 IS NULL OR l.card_id = ?1) AND (?2 IS NULL OR c.glossary_id = ?2) \
             ORDER BY l.reviewed DESC, l.id DESC LIMIT ?3",
        )?;
        let rows: Vec<(i64, i64, Timestamp, f64, f64, Timestamp)> = stmt
            .query_map(params![card_id, glossary_id, limit as i64], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?))
            })?
            .collect::<rusqlite::Result<_>>()?;
        rows.into_iter()
            .map(|(card_id, grade, reviewed, elapsed_days, interval_days, due)| {
                Ok(ReviewLogEntry {
                    card_id,
                    headword: load_one(&self.conn, card_id)?.headword,
                    grade: Grade::from_i64(grade),
                    reviewed,
                    elapsed_days,
                    interval_days,
                    due,
                })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_card_intervals_increase_with_the_grade() {
        let s = schedule(None, 1_000_000).unwrap();
        let delays: Vec<i64> = s.iter().map(|(_, d)| *d).collect();
        assert!(delays.windows(2).all(|w| w[0] < w[1]), "{delays:?}");
        assert_eq!(delays[0], AGAIN_DELAY);
        assert!(delays[1] >= DAY);
    }

    #[test]
    fn reviewed_card_intervals_increase_with_the_grade() {
        let st =
            State { stability: 10.0, difficulty: 5.0, due: 0, last_review: 0, reps: 3, lapses: 0 };
        let s = schedule(Some(st), 10 * DAY).unwrap();
        let delays: Vec<i64> = s.iter().map(|(_, d)| *d).collect();
        assert!(delays.windows(2).all(|w| w[0] < w[1]), "{delays:?}");
        assert!(delays[2] > 10 * DAY, "good after a 10-day success grows: {delays:?}");
    }
}
