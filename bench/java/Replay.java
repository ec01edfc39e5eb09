// The classic Java counter design the engine started from, timed on the benchmark's games: one signed
// int per row and column and two for the diagonals, +1 for player 1 and -1 for player 2, a win when a
// count's absolute value reaches n, no validation. One object reused with a reset between games, as the
// engine's rows are; warmed up so that the JIT has compiled it before the timed runs. Prints one JSON
// object per line, like the other benchmarks.

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

public final class Replay {
    /** One game of the classic design. */
    static final class Classic {
        private int n;
        private final int[] rows;
        private final int[] cols;
        private int diagonal;
        private int antiDiagonal;

        Classic(int maxN) {
            rows = new int[maxN];
            cols = new int[maxN];
        }

        void reset(int size) {
            n = size;
            Arrays.fill(rows, 0, size, 0);
            Arrays.fill(cols, 0, size, 0);
            diagonal = 0;
            antiDiagonal = 0;
        }

        /** The winner after the move: 0, or the player who just completed a line. */
        int move(int row, int col, int player) {
            int d = player == 1 ? 1 : -1;
            rows[row] += d;
            cols[col] += d;
            if (row == col) {
                diagonal += d;
            }
            if (row + col == n - 1) {
                antiDiagonal += d;
            }
            if (Math.abs(rows[row]) == n
                    || Math.abs(cols[col]) == n
                    || Math.abs(diagonal) == n
                    || Math.abs(antiDiagonal) == n) {
                return player;
            }
            return 0;
        }
    }

    /** Replays [n, k, row, col, player ...] records; returns the sum of the winners. */
    static long replay(Classic game, int[] words) {
        long winners = 0;
        int at = 0;
        while (at + 2 <= words.length) {
            int n = words[at];
            int k = words[at + 1];
            game.reset(n);
            int end = at + 2 + 3 * k;
            for (int m = at + 2; m < end; m += 3) {
                winners += game.move(words[m], words[m + 1], words[m + 2]);
            }
            at = end;
        }
        return winners;
    }

    static int[] load(Path path) throws IOException {
        ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(path)).order(ByteOrder.LITTLE_ENDIAN);
        int[] words = new int[bytes.remaining() / 8];
        for (int i = 0; i < words.length; i++) {
            // Every number in the files fits in an int: sizes, counts, indices and players.
            words[i] = Math.toIntExact(bytes.getLong());
        }
        return words;
    }

    static void row(String file, int n, int runs, Path dir) throws IOException {
        int[] words = load(dir.resolve(file));
        long moves = 0;
        for (int at = 0; at + 2 <= words.length; at += 2 + 3 * words[at + 1]) {
            moves += words[at + 1];
        }
        Classic game = new Classic(n);
        long checksum = replay(game, words);
        // Warm-up: enough calls for the JIT's top tier.
        for (int i = 0; i < 20; i++) {
            if (replay(game, words) != checksum) {
                throw new IllegalStateException("runs disagree");
            }
        }
        double[] times = new double[runs];
        for (int i = 0; i < runs; i++) {
            long start = System.nanoTime();
            long sum = replay(game, words);
            times[i] = (System.nanoTime() - start) / (double) moves;
            if (sum != checksum) {
                throw new IllegalStateException("runs disagree");
            }
        }
        Arrays.sort(times);
        System.out.printf(
                "{\"kind\":\"time\",\"group\":\"engine, n = %d\",\"name\":\"classic Java counters, warmed up\","
                        + "\"reference\":false,\"ns\":%.3f,\"min\":%.3f,\"max\":%.3f,\"checksum\":%d}%n",
                n, times[runs / 2], times[0], times[runs - 1], checksum);
    }

    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args[0]);
        row("games-n3.bin", 3, 31, dir);
        row("games-n1000.bin", 1000, 9, dir);
        row("games-n100000.bin", 100_000, 9, dir);
    }
}
