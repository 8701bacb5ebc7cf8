//! `tessera render`: the pictures of `--json` records, drawn without
//! solving again (the records are read and drawn by
//! [`tessera::format::svg::render_records`]; this is the file and the
//! target).

use super::args::RenderArgs;
use super::exit::{input_error, Exit, UsageError};
use super::input;
use super::svg::{SvgWriter, Target};
use anyhow::Result;
use std::io::Write;
use tessera::format::svg::render_records;

/// `tessera render [FILE] [--svg PATH]`.
pub fn run(args: &RenderArgs) -> Result<Exit> {
    let source = input::read(args.file.as_deref(), "--json records")?;
    let text = std::str::from_utf8(&source.bytes).map_err(|e| {
        let line = source.bytes[..e.valid_up_to()].iter().filter(|&&b| b == b'\n').count() + 1;
        input_error(&source.name, format!("line {line}: not UTF-8 text"))
    })?;
    let pictures = render_records(text).map_err(|e| input_error(&source.name, e))?;
    let target = Target::new(&args.svg, false)?;
    if let (Target::File(file), 2..) = (&target, pictures.len()) {
        return Err(UsageError(format!(
            "--svg {}: the records hold {} solutions, but a file holds one picture; give a directory (PATH/) or a name with {{case}} and {{solution}}",
            file.display(),
            pictures.len()
        ))
        .into());
    }
    if pictures.is_empty() {
        eprintln!("tessera: {}: the records hold no solution to draw", source.name);
        return Ok(Exit::NoSolution);
    }
    let writer = SvgWriter::new(target);
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for p in &pictures {
        writer.write(&mut out, p.puzzle_type, p.case, p.solution, &p.svg)?;
    }
    out.flush()?;
    Ok(Exit::Solved)
}
