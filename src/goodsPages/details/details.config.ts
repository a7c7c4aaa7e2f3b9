export default definePageConfig({ navigationBarTitleText: '商品详情', navigationStyle: 'custom', enableShareAppMessage: true, enableShareTimeline: true })
