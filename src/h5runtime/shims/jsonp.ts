// H5: stands in for jsonp-retry under Taro.request({ jsonp: true }), which the shop never uses (its API is
// same-origin JSON): a clear refusal instead of 12 KB in the first load.
export default function jsonp(): Promise<never> {
  return Promise.reject(new Error('jsonp is not supported'))
}
