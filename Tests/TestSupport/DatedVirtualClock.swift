/// The server's flags for a test that moves the virtual clock to fixed dates (2027-…): the clock starts on
/// 1 January 2027 instead of at the wall clock's time, so that those dates stay ahead of it whenever the
/// test runs (a date before the clock's time is ignored: the clock never goes back). Later flags win, so
/// these go after the harness's own `--virtual-clock 1`.
package let datedVirtualClock = ["--virtual-clock", "2027-01-01T00:00:00Z"]
