/** The look of the steps' text inputs and selects: tall enough for a thumb, lime when focused. */
export const inputClass = 'min-h-12 w-full rounded-xl border border-line bg-night px-4 text-base text-chalk focus:border-lime';
