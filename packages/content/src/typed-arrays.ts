// Growable columns: the loader's hot structures keep numbers in typed arrays and double them when full
/** A copy of `array` with twice the room (the extra slots are zero). */
export function doubled(array: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const bigger = new Int32Array(Math.max(1, array.length * 2));
  bigger.set(array);
  return bigger;
}
