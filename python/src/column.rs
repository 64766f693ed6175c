//! One Arrow column of URLs in, one column of answers out: the rows read in place from the
//! input's buffers (no copy), each answer appended to one values buffer, the input's nulls
//! reused as the output's.

use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::types::{BinaryViewType, StringViewType};
use arrow_array::{
    Array, ArrayRef, BooleanArray, GenericBinaryArray, GenericStringArray, OffsetSizeTrait,
};
use arrow_buffer::{Buffer, NullBuffer, OffsetBuffer, ScalarBuffer};
use arrow_schema::DataType;

/// Why a column could not be answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// The column is not of a string or binary type.
    Type(String),
    /// A string column's answer for this row (0-based) is not UTF-8.
    NotUtf8(usize),
    /// The answers do not fit 32-bit offsets.
    TooLarge,
    /// Two columns of different lengths were paired.
    Lengths(usize, usize),
}

/// The types read, for messages.
pub const ACCEPTED: &str =
    "string, large_string, string_view, binary, large_binary, binary_view or null";

/// The answer column's type for an input column's type: string stays string, binary stays
/// binary, large stays large; views and nulls answer in the plain 32-bit types.
pub fn answer_type(input: &DataType) -> Result<DataType, Problem> {
    Ok(match input {
        DataType::Utf8 | DataType::Utf8View | DataType::Null => DataType::Utf8,
        DataType::LargeUtf8 => DataType::LargeUtf8,
        DataType::Binary | DataType::BinaryView => DataType::Binary,
        DataType::LargeBinary => DataType::LargeBinary,
        other => return Err(Problem::Type(other.to_string())),
    })
}

/// The octets of each row of `a`, `None` for a null row.
pub fn rows(a: &dyn Array) -> Result<Box<dyn Iterator<Item = Option<&[u8]>> + '_>, Problem> {
    Ok(match a.data_type() {
        DataType::Utf8 => Box::new(a.as_string::<i32>().iter().map(|r| r.map(str::as_bytes))),
        DataType::LargeUtf8 => Box::new(a.as_string::<i64>().iter().map(|r| r.map(str::as_bytes))),
        DataType::Utf8View => Box::new(
            a.as_byte_view::<StringViewType>()
                .iter()
                .map(|r| r.map(str::as_bytes)),
        ),
        DataType::Binary => Box::new(a.as_binary::<i32>().iter()),
        DataType::LargeBinary => Box::new(a.as_binary::<i64>().iter()),
        DataType::BinaryView => Box::new(a.as_byte_view::<BinaryViewType>().iter()),
        DataType::Null => Box::new(std::iter::repeat_n(None, a.len())),
        other => return Err(Problem::Type(other.to_string())),
    })
}

/// The input's octets, for sizing the output buffer.
fn value_bytes(a: &dyn Array) -> usize {
    a.get_buffer_memory_size()
}

/// What answers one row: it appends the row's answer and says whether there is one (`false`
/// makes the row null).
pub type RowFn<'f> = dyn FnMut(&[u8], &mut Vec<u8>) -> bool + 'f;

/// Apply `f` to every non-null row of `a`.
pub fn map(a: &dyn Array, f: &mut RowFn<'_>) -> Result<ArrayRef, Problem> {
    match answer_type(a.data_type())? {
        DataType::Utf8 => build::<i32>(a, f, true),
        DataType::LargeUtf8 => build::<i64>(a, f, true),
        DataType::Binary => build::<i32>(a, f, false),
        _ => build::<i64>(a, f, false),
    }
}

fn build<O: OffsetSizeTrait>(
    a: &dyn Array,
    f: &mut RowFn<'_>,
    text: bool,
) -> Result<ArrayRef, Problem> {
    let mut values: Vec<u8> = Vec::with_capacity(value_bytes(a) + a.len());
    let mut offsets: Vec<O> = Vec::with_capacity(a.len() + 1);
    offsets.push(O::usize_as(0));
    let mut valid: Vec<bool> = Vec::with_capacity(a.len());
    let mut unanswered = false;
    for row in rows(a)? {
        let has = match row {
            Some(x) => {
                let start = values.len();
                let has = f(x, &mut values);
                if !has {
                    values.truncate(start);
                    unanswered = true;
                }
                has
            }
            None => false,
        };
        valid.push(has);
        offsets.push(O::from_usize(values.len()).ok_or(Problem::TooLarge)?);
    }
    let offsets = OffsetBuffer::new(ScalarBuffer::from(offsets));
    // The input's nulls are reused unless a row had no answer.
    let nulls = if unanswered {
        Some(NullBuffer::from(valid))
    } else {
        a.logical_nulls()
    };
    let octets = GenericBinaryArray::<O>::try_new(offsets, Buffer::from_vec(values), nulls)
        .map_err(|e| Problem::Type(e.to_string()))?;
    if !text {
        return Ok(Arc::new(octets));
    }
    // The buffers are shared, not copied: on failure `octets` still shows which row it was.
    match GenericStringArray::<O>::try_from_binary(octets.clone()) {
        Ok(s) => Ok(Arc::new(s)),
        Err(_) => Err(Problem::NotUtf8(first_not_utf8(&octets))),
    }
}

fn first_not_utf8<O: OffsetSizeTrait>(octets: &GenericBinaryArray<O>) -> usize {
    octets
        .iter()
        .position(|r| r.is_some_and(|x| std::str::from_utf8(x).is_err()))
        .unwrap_or(0)
}

/// `f(a_row, b_row)` for each pair of non-null rows; null where either is null.
pub fn compare<'a>(
    a: impl Iterator<Item = Option<&'a [u8]>>,
    b: impl Iterator<Item = Option<&'a [u8]>>,
    f: &mut dyn FnMut(&[u8], &[u8]) -> bool,
) -> BooleanArray {
    a.zip(b)
        .map(|(x, y)| Some(f(x?, y?)))
        .collect::<BooleanArray>()
}
