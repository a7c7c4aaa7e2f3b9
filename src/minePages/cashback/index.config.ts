export default definePageConfig({ navigationBarTitleText: '好评返现', navigationStyle: 'custom' })
